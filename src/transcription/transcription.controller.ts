import {
  Body,
  Controller,
  HttpCode,
  Post,
  RequestMethod,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/http/api-errors.decorator.js';
import { API_TAGS } from '../common/http/api-tags.js';
import { engineHeader } from '../common/http/engine-header.interceptor.js';
import { invalidField } from '../common/validation/validation-detail.js';
import { decodeBase64Audio } from './base64-audio.js';
import { TranscribeRequestDto } from './dto/transcribe-request.dto.js';
import { TranscriptionResultDto } from './dto/transcription-result.dto.js';
import { TranscriptionService } from './transcription.service.js';
import { UploadLimitInterceptor } from './upload-limit.interceptor.js';

const TRANSCRIBE_PATH = 'api/v1/transcribe';

/** The Base64 route: its JSON body has the audio limit (AudioJsonBodyMiddleware), not the JSON one. */
export const BASE64_TRANSCRIPTION_ROUTE = { path: TRANSCRIBE_PATH, method: RequestMethod.POST };

@ApiTags(API_TAGS.transcription.name)
@UseInterceptors(engineHeader(TranscriptionService))
@Controller(TRANSCRIBE_PATH)
export class TranscriptionController {
  constructor(private readonly transcription: TranscriptionService) {}

  @ApiOperation({
    summary: 'Transcribe Base64 WAV audio',
    description:
      'Transcribes a Base64-encoded WAV recording. Long recordings are split at pauses and recognized sentence by sentence; silence, noise and music give an empty text.',
  })
  @ApiOkResponse({
    type: TranscriptionResultDto,
    description: 'The recognized text and its language',
  })
  @ApiErrors(400, 401, 413, 415, 422, 503)
  @Post()
  @HttpCode(200)
  async transcribe(@Body() request: TranscribeRequestDto): Promise<TranscriptionResultDto> {
    return this.transcription.transcribeWav(decodeBase64Audio(request.audio_base64));
  }

  @ApiOperation({
    summary: 'Transcribe an uploaded WAV file',
    description:
      'Transcribes an uploaded WAV file (multipart form, field `file`), read in memory only.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: 'A WAV file' } },
    },
  })
  @ApiOkResponse({
    type: TranscriptionResultDto,
    description: 'The recognized text and its language',
  })
  @ApiErrors(400, 401, 413, 415, 422, 503)
  @Post('file')
  @HttpCode(200)
  @UseInterceptors(UploadLimitInterceptor, FileInterceptor('file'))
  async transcribeFile(
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<TranscriptionResultDto> {
    if (!file) {
      throw invalidField(
        ['body', 'file'],
        'Field required: send the WAV file as the form field "file".',
        'missing',
      );
    }
    return this.transcription.transcribeWav(file.buffer);
  }
}
