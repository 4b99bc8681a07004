import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/http/public.decorator.js';
import { AppConfig } from '../config/app-config.js';
import { API_TAGS } from '../common/http/api-tags.js';

/** What the interpreter console needs to know before it starts a session. */
export interface ConsoleSettings {
  /** Whether /ws needs an API key (`?token=`): the console then asks for one. */
  auth_required: boolean;
}

@ApiTags(API_TAGS.console.name)
@Controller('console')
export class ConsoleController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @Get('settings')
  @ApiOperation({
    summary: 'Settings of the interpreter console served at /',
    description: 'Whether the WebSocket needs an API key. Open without a key, like the page.',
  })
  @ApiOkResponse({
    description: 'The console settings',
    schema: {
      type: 'object',
      required: ['auth_required'],
      properties: {
        auth_required: {
          type: 'boolean',
          description: 'Whether /ws needs an API key (`?token=`): the console then asks for one.',
        },
      },
    },
    example: { auth_required: false },
  })
  settings(): ConsoleSettings {
    return { auth_required: this.config.authEnabled };
  }
}
