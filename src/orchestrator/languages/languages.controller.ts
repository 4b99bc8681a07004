import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
import { API_TAGS } from '../../common/http/api-tags.js';
import { type LanguageCapability, SessionLanguagesService } from './session-languages.service.js';

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

  /** Issue 32: the companion of GET /languages, which keeps the seed's shape. */
  @Public()
  @Get('capabilities')
  @ApiOperation({
    summary: 'What each language of a session can do',
    description:
      'Every locale GET /languages lists, with what the active engines do in it: who may speak it (a clinician needs machine translation; a patient may also speak a language the phrasebook writes to), how it is translated (`machine`, or `fixed_phrases` only: phrases written in advance, the closest offered to the clinician when none matches), how many of the phrasebook’s sentences are written in it, whether speech in it is recognized, whether a voice speaks it (otherwise the text alone) and whether its patients can answer by touch.',
  })
  @ApiOkResponse({
    description: 'One entry per locale, sorted by locale',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'locale',
          'name',
          'roles',
          'translation',
          'fixed_phrases',
          'speech_recognition',
          'voice',
          'answers_by_touch',
        ],
        properties: {
          locale: { type: 'string', example: 'vi-VN' },
          name: { type: 'string', example: 'Vietnamese' },
          roles: { type: 'array', items: { type: 'string', enum: ['medic', 'patient'] } },
          translation: { type: 'string', enum: ['machine', 'fixed_phrases'] },
          fixed_phrases: { type: 'integer', minimum: 0, example: 2819 },
          speech_recognition: { type: 'boolean' },
          voice: { type: 'boolean' },
          answers_by_touch: { type: 'boolean' },
        },
      },
    },
  })
  capabilities(): Promise<LanguageCapability[]> {
    return this.languages.capabilities();
  }
}
