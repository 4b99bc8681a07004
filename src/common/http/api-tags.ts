/**
 * The groups of the OpenAPI description: each controller takes its tag from here, and the
 * document lists them all, in this order, with their descriptions.
 */
export const API_TAGS = {
  translation: {
    name: 'Translation',
    description:
      'Text translation between the languages of the active engine, addressed by the `code` (FLORES-200) that the language list gives. Numbers, doses and units are kept exactly.',
  },
  transcription: {
    name: 'Transcription',
    description:
      'Speech recognition of WAV recordings, sent in Base64 or uploaded; the language of the text is identified from the text.',
  },
  synthesis: {
    name: 'Speech synthesis',
    description: 'Text to speech: WAV audio in a voice of the active engine, at a chosen speed.',
  },
  languageModel: {
    name: 'Language model',
    description:
      'Plain-language paraphrase for patients, summaries and structured summaries of medical text (embedded, or an OpenAI-compatible server).',
  },
  sessions: {
    name: 'Sessions',
    description:
      'What real-time sessions need besides the WebSocket at /ws, whose protocol is described in AsyncAPI at /docs/asyncapi.json.',
  },
  console: {
    name: 'Console',
    description: 'Settings of the interpreter console served at /.',
  },
  operations: {
    name: 'Operations',
    description:
      'Probes and metrics for orchestrators, load balancers and Prometheus; open without an API key.',
  },
} as const;
