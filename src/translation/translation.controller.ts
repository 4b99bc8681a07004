import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../common/http/api-errors.decorator.js';
import { LanguageListDto } from './dto/language-list.dto.js';
import { TranslateRequestDto } from './dto/translate-request.dto.js';
import { TranslationResultDto } from './dto/translation-result.dto.js';
import { TranslationService } from './translation.service.js';

@ApiTags('Translation')
@Controller('api/v1/translation')
export class TranslationController {
  constructor(private readonly translation: TranslationService) {}

  /**
   * Lists the languages the active engine translates: one entry per language (its default
   * locale), sorted by bcp47. Send an entry's `code` to the translate operation.
   */
  @ApiOperation({ summary: 'List translation languages' })
  @ApiErrors(401, 503)
  @Get('languages')
  async languages(@Res({ passthrough: true }) res: Response): Promise<LanguageListDto> {
    res.setHeader('X-Engine', this.translation.engineName);
    return this.translation.listLanguages();
  }

  /**
   * Translates text between two languages given by their `code` from the language list.
   * Numbers, doses and units are kept exactly; a result that would change one is withheld (503).
   */
  @ApiOperation({ summary: 'Translate text' })
  @ApiErrors(401, 413, 422, 503)
  @Post('translate')
  @HttpCode(200)
  async translate(
    @Body() request: TranslateRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TranslationResultDto> {
    res.setHeader('X-Engine', this.translation.engineName);
    return this.translation.translate(request);
  }
}
