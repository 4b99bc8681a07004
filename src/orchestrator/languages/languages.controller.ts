import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
import { API_TAGS } from '../../common/http/api-tags.js';
import { SessionLanguagesService } from './session-languages.service.js';

@ApiTags(API_TAGS.sessions.name)
@Controller('languages')
export class LanguagesController {
  constructor(private readonly languages: SessionLanguagesService) {}

  /** Open to probes and clients alike (decisions §1). */
  @Public()
  @Get()
  @ApiOperation({
    summary: 'Languages a real-time session can use',
    description:
      'Sorted BCP-47 locales that the active engines can both translate and speak. The WebSocket handshake at /ws accepts each of them, or its ISO 639-1, ISO 639-3 or FLORES-200 code.',
  })
  @ApiOkResponse({
    description: 'The usable locales, sorted',
    schema: { type: 'array', items: { type: 'string', example: 'en-US' } },
    example: ['en-US', 'es-ES', 'fr-FR', 'it-IT', 'pt-BR'],
  })
  locales(): Promise<string[]> {
    return this.languages.locales();
  }
}
