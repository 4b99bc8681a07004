import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Res,
  StreamableFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../common/http/api-errors.decorator.js';
import { API_TAGS } from '../common/http/api-tags.js';
import { engineHeader } from '../common/http/engine-header.interceptor.js';
import { SynthesizeRequestDto } from './dto/synthesize-request.dto.js';
import { VoiceListDto } from './dto/voice-list.dto.js';
import { SynthesisService } from './synthesis.service.js';

@ApiTags(API_TAGS.synthesis.name)
@UseInterceptors(engineHeader(SynthesisService))
@Controller('api/v1/synthetize')
export class SynthesisController {
  constructor(private readonly synthesis: SynthesisService) {}

  @ApiOperation({
    summary: 'List synthesis voices',
    description:
      "Lists the voices of the active engine: one entry per language and gender, sorted by language then gender. Send an entry's `language` and `gender` to the synthesize operation.",
  })
  @ApiOkResponse({ type: VoiceListDto, description: 'The voices, sorted by language then gender' })
  @ApiErrors(401, 503)
  @Get('voices')
  async voices(): Promise<VoiceListDto> {
    return this.synthesis.listVoices();
  }

  @ApiOperation({
    summary: 'Synthesize speech',
    description:
      'Speaks a text with the voice of (language, gender) and answers the audio: a RIFF WAV file, PCM 16-bit little-endian, mono. `X-Audio-Duration-Ms` gives its length.',
  })
  @ApiProduces('audio/wav')
  @ApiOkResponse({
    description:
      'The speech: RIFF WAV, PCM 16-bit little-endian, mono (embedded: 16000 Hz for English and Italian, 22050 Hz for the rest).',
    content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'X-Engine': {
        description: 'The engine that spoke: TTS_ENGINE (embedded, espeak-ng or openai)',
        schema: { type: 'string', example: 'embedded' },
      },
      'X-Audio-Duration-Ms': {
        description: 'Length of the audio, in milliseconds',
        schema: { type: 'integer', example: 2840 },
      },
    },
  })
  @ApiErrors(401, 413, 415, 422, 503)
  @Post()
  @HttpCode(200)
  async synthesize(
    @Body() request: SynthesizeRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const audio = await this.synthesis.synthesize(request);
    res.setHeader('X-Audio-Duration-Ms', String(audio.durationMs));
    // Speech of a conversation: not to be kept by caches.
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(audio.wav, {
      type: 'audio/wav',
      length: audio.wav.length,
      disposition: 'inline; filename="speech.wav"',
    });
  }
}
