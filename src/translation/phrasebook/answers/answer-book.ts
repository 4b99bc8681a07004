import type { PhraseLanguage } from '../phrase-language.js';
import type { PhrasebookProblem } from '../phrasebook-check.js';
import type { TargetLanguage } from '../targets/target-language.js';
import type { YamlSource } from '../yaml-source.js';
import { ALWAYS_ANSWERS, ANSWER_OPTIONS, type AnswerKind, isAnswerKind } from './answer-kinds.js';

/** A language answers are written in: one of the five, or a language the phrasebook writes to. */
export type AnswerLanguage = PhraseLanguage | TargetLanguage;

/** One answer, as a button shows it and as the tap sends it. */
export interface AnswerOption {
  /** `yes`, `scale-7` …: the same answer in every language. */
  readonly id: string;
  /** The patient's sentence in their language, sent as their text_input when tapped. */
  readonly text: string;
}

/** The answers a question expects, in the listener's language. */
export interface ExpectedAnswers {
  readonly kind: AnswerKind;
  readonly options: readonly AnswerOption[];
}

/** Text a tap sends and a patient may type: compared without case, spaces or end punctuation. */
const comparable = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s.!?¡¿。！？؟।]+/gu, ' ')
    .trim();

/**
 * The answers a patient gives by touch (data/answers/): which answer each phrase expects, and
 * every answer in every language. A tap is the patient's sentence, and it reaches the
 * clinician as the same answer written in the clinician's language: no machine translation
 * either way.
 */
export class AnswerBook {
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly byText = new Map<string, Map<string, string>>();

  constructor(
    private readonly expected: ReadonlyMap<string, AnswerKind>,
    written: ReadonlyMap<string, Readonly<Record<string, string>>>,
    readonly file: string,
  ) {
    for (const [id, languages] of written) {
      if (id === 'scale') continue;
      for (const [language, text] of Object.entries(languages)) this.add(id, language, text);
    }
    for (const [language, text] of Object.entries(written.get('scale') ?? {})) {
      for (let n = 0; n <= 10; n++) this.add(`scale-${n}`, language, text.replace('#', String(n)));
    }
  }

  static read(answers: YamlSource, expected: YamlSource): AnswerBook {
    const marks = (expected.data as { expected?: unknown })?.expected;
    if (typeof marks !== 'object' || marks === null) {
      throw expected.error(['expected'], '"expected" must map phrase ids to answer kinds.');
    }
    const kinds = new Map<string, AnswerKind>();
    for (const [id, kind] of Object.entries(marks)) {
      if (kind === null) continue;
      if (!isAnswerKind(kind)) {
        throw expected.error(['expected', id], `unknown answer kind "${String(kind)}".`);
      }
      kinds.set(id, kind);
    }
    const list = (answers.data as { answers?: unknown })?.answers;
    if (typeof list !== 'object' || list === null) {
      throw answers.error(['answers'], '"answers" must map answer ids to their texts.');
    }
    const written = new Map<string, Record<string, string>>();
    for (const [id, texts] of Object.entries(list)) {
      if (typeof texts !== 'object' || texts === null) {
        throw answers.error(['answers', id], 'an answer maps languages to texts.');
      }
      for (const [language, text] of Object.entries(texts as Record<string, unknown>)) {
        if (typeof text !== 'string' || text.trim() === '') {
          throw answers.error(['answers', id, language], 'an answer text is a non-empty text.');
        }
      }
      written.set(id, texts as Record<string, string>);
    }
    return new AnswerBook(kinds, written, answers.file);
  }

  /** The answers the phrase expects in `language`, or undefined for an open question. */
  expectedFor(phraseId: string, language: AnswerLanguage): ExpectedAnswers | undefined {
    const kind = this.expected.get(phraseId);
    if (!kind) return undefined;
    const options = this.options(ANSWER_OPTIONS[kind], language);
    return options && { kind, options };
  }

  /** "I do not understand", "Please repeat", "I need a human interpreter" in `language`. */
  always(language: AnswerLanguage): readonly AnswerOption[] | undefined {
    return this.options(ALWAYS_ANSWERS, language);
  }

  /** The answer a patient's text is, in their language, or undefined when it is none. */
  answerOf(text: string, language: AnswerLanguage): string | undefined {
    return this.byText.get(language)?.get(comparable(text));
  }

  /** An answer in `language`. */
  text(id: string, language: AnswerLanguage): string | undefined {
    return this.texts.get(language)?.get(id);
  }

  /** Labels shown at a scale's ends ("No pain", "Worst pain"), never sent. */
  label(id: 'scale-none' | 'scale-worst', language: AnswerLanguage): string | undefined {
    return this.text(id, language);
  }

  /** Answers an offered kind lacks in a language, and marks of phrases that do not exist. */
  problems(
    languages: readonly AnswerLanguage[],
    phraseIds: ReadonlySet<string>,
  ): PhrasebookProblem[] {
    const problems: PhrasebookProblem[] = [];
    const ids = new Set([...Object.values(ANSWER_OPTIONS).flat(), ...ALWAYS_ANSWERS]);
    for (const language of languages) {
      const missing = [...ids, 'scale-none', 'scale-worst'].filter(
        (id) => !this.text(id, language),
      );
      if (missing.length > 0) {
        problems.push({
          file: this.file,
          line: 1,
          problem: `answers in ${language} lack ${missing.join(', ')}.`,
        });
      }
    }
    for (const id of this.expected.keys()) {
      if (!phraseIds.has(id)) {
        problems.push({
          file: this.file,
          line: 1,
          problem: `an answer is marked for "${id}", which is no phrase.`,
        });
      }
    }
    return problems;
  }

  private options(ids: readonly string[], language: AnswerLanguage): AnswerOption[] | undefined {
    const options = ids.map((id) => ({ id, text: this.text(id, language) }));
    return options.every((o) => o.text !== undefined) ? (options as AnswerOption[]) : undefined;
  }

  private add(id: string, language: string, text: string): void {
    const texts = this.texts.get(language) ?? new Map<string, string>();
    texts.set(id, text);
    this.texts.set(language, texts);
    const byText = this.byText.get(language) ?? new Map<string, string>();
    byText.set(comparable(text), id);
    this.byText.set(language, byText);
  }
}
