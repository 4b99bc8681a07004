import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/http/public.decorator.js';
import { AppConfig } from '../config/app-config.js';

/** What the interpreter console needs to know before it starts a session. */
export interface ConsoleSettings {
  /** Whether /ws needs an API key (`?token=`): the console then asks for one. */
  auth_required: boolean;
}

@ApiTags('console')
@Controller('console')
export class ConsoleController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @Get('settings')
  @ApiOperation({
    summary: 'Settings of the interpreter console served at /',
    description: 'Whether the WebSocket needs an API key. Open without a key, like the page.',
  })
  @ApiOkResponse({ schema: { example: { auth_required: false } } })
  settings(): ConsoleSettings {
    return { auth_required: this.config.authEnabled };
  }
}
