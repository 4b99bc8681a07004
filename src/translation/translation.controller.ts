import { Body, Controller, Get, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/http/api-errors.decorator.js';
import { API_TAGS } from '../common/http/api-tags.js';
import { engineHeader } from '../common/http/engine-header.interceptor.js';
import { LanguageListDto } from './dto/language-list.dto.js';
import { TranslateRequestDto } from './dto/translate-request.dto.js';
import { TranslationResultDto } from './dto/translation-result.dto.js';
import { TranslationService } from './translation.service.js';

@ApiTags(API_TAGS.translation.name)
@UseInterceptors(engineHeader(TranslationService))
@Controller('api/v1/translation')
export class TranslationController {
  constructor(private readonly translation: TranslationService) {}

  @ApiOperation({
    summary: 'List translation languages',
    description:
      "Lists the languages the active engine translates: one entry per language (its default locale), sorted by bcp47. Send an entry's `code` to the translate operation.",
  })
  @ApiOkResponse({ type: LanguageListDto, description: 'The languages, sorted by bcp47' })
  @ApiErrors(401, 503)
  @Get('languages')
  async languages(): Promise<LanguageListDto> {
    return this.translation.listLanguages();
  }

  @ApiOperation({
    summary: 'Translate text',
    description:
      'Translates text between two languages given by their `code` from the language list. Numbers, doses and units are kept exactly; a result that would change one is withheld (503).',
  })
  @ApiOkResponse({ type: TranslationResultDto, description: 'The translation' })
  @ApiErrors(401, 413, 415, 422, 503)
  @Post('translate')
  @HttpCode(200)
  async translate(@Body() request: TranslateRequestDto): Promise<TranslationResultDto> {
    return this.translation.translate(request);
  }
}
