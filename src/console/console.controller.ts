import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/http/public.decorator.js';
import { AppConfig } from '../config/app-config.js';
import { API_TAGS } from '../common/http/api-tags.js';
import { TranscriptionService } from '../transcription/transcription.service.js';

/** What the interpreter console needs to know before it starts a session. */
export interface ConsoleSettings {
  /** Whether /ws needs an API key (`?token=`): the console then asks for one. */
  auth_required: boolean;
  /**
   * The locales the active speech recognizer understands: the console warns on its start screen,
   * before the conversation, when a party's speech will not be recognized.
   */
  speech_recognition_locales: string[];
}

@ApiTags(API_TAGS.console.name)
@Controller('console')
export class ConsoleController {
  constructor(
    private readonly config: AppConfig,
    private readonly transcription: TranscriptionService,
  ) {}

  @Public()
  @Get('settings')
  @ApiOperation({
    summary: 'Settings of the interpreter console served at /',
    description:
      'Whether the WebSocket needs an API key, and which languages speech recognition understands. Open without a key, like the page.',
  })
  @ApiOkResponse({
    description: 'The console settings',
    schema: {
      type: 'object',
      required: ['auth_required', 'speech_recognition_locales'],
      properties: {
        auth_required: {
          type: 'boolean',
          description: 'Whether /ws needs an API key (`?token=`): the console then asks for one.',
        },
        speech_recognition_locales: {
          type: 'array',
          items: { type: 'string', example: 'en-US' },
          description:
            'BCP-47 locales the active speech recognizer understands (the handshake warns about the others); the console says so on its start screen.',
        },
      },
    },
    example: { auth_required: false, speech_recognition_locales: ['en-US'] },
  })
  settings(): ConsoleSettings {
    return {
      auth_required: this.config.authEnabled,
      speech_recognition_locales: [...this.transcription.locales],
    };
  }
}
