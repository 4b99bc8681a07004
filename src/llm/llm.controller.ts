import { Body, Controller, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/http/api-errors.decorator.js';
import { API_TAGS } from '../common/http/api-tags.js';
import { engineHeader } from '../common/http/engine-header.interceptor.js';
import { GenerateRequestDto, GenerateResultDto } from './dto/generate-request.dto.js';
import { ParaphraseRequestDto, ParaphraseResultDto } from './dto/paraphrase-request.dto.js';
import { StructuredSummaryRequestDto } from './dto/structured-summary-request.dto.js';
import { SummarizeRequestDto, SummaryResultDto } from './dto/summarize-request.dto.js';
import { LlmService } from './llm.service.js';

@ApiTags(API_TAGS.languageModel.name)
@UseInterceptors(engineHeader(LlmService))
@Controller('api/v1/llm')
export class LlmController {
  constructor(private readonly llm: LlmService) {}

  @ApiOperation({
    summary: 'Paraphrase medical text in plain language',
    description:
      'Rewords medical text in plain language for the patient (gender for grammatical agreement, age category for the register). Numbers, doses and negations are kept.',
  })
  @ApiOkResponse({ type: ParaphraseResultDto, description: 'The plain-language versions' })
  @ApiErrors(401, 413, 415, 422, 503)
  @Post('paraphrase')
  @HttpCode(200)
  async paraphrase(@Body() request: ParaphraseRequestDto): Promise<ParaphraseResultDto> {
    return { paraphrases: await this.llm.paraphrase(request) };
  }

  @ApiOperation({
    summary: 'Summarize a text',
    description: 'Summarizes a longer text, keeping its key sentences and every dose.',
  })
  @ApiOkResponse({ type: SummaryResultDto, description: 'The summary' })
  @ApiErrors(401, 413, 415, 422, 503)
  @Post('summarize')
  @HttpCode(200)
  async summarize(@Body() request: SummarizeRequestDto): Promise<SummaryResultDto> {
    return { summary: await this.llm.summarize(request.sentence) };
  }

  @ApiOperation({
    summary: 'Generate medical text',
    description:
      'Writes medical text from a prompt. Needs an LLM server (LLM_ENGINE=openai); else 503.',
  })
  @ApiOkResponse({ type: GenerateResultDto, description: 'The generated text' })
  @ApiErrors(401, 413, 415, 422, 503)
  @Post('generate')
  @HttpCode(200)
  async generate(@Body() request: GenerateRequestDto): Promise<GenerateResultDto> {
    return { resultat: await this.llm.generate(request.prompt) };
  }

  @ApiOperation({
    summary: 'Structured medical summary',
    description:
      'Organizes patient information into sections (reason for visit, symptoms and history, medications with doses, allergies, vital signs, plan), written in the target language.',
  })
  @ApiOkResponse({
    type: SummaryResultDto,
    description: 'The structured summary, in the target language',
  })
  @ApiErrors(401, 413, 415, 422, 503)
  @Post('structured-summary')
  @HttpCode(200)
  async structuredSummary(@Body() request: StructuredSummaryRequestDto): Promise<SummaryResultDto> {
    return { summary: await this.llm.structuredSummary(request.sentence, request.target_language) };
  }
}
