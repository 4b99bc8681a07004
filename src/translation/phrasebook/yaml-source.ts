import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { PhrasebookError } from './phrasebook-error.js';

/** One YAML file of the phrasebook, parsed, with the line of any part of it for error messages. */
export class YamlSource {
  private readonly lines = new LineCounter();
  private readonly document: Document;
  readonly data: unknown;

  constructor(
    readonly file: string,
    text: string,
  ) {
    this.document = parseDocument(text, { lineCounter: this.lines, uniqueKeys: true });
    const [error] = this.document.errors;
    if (error) {
      const line = error.linePos?.[0].line ?? 1;
      throw new PhrasebookError(file, line, `not valid YAML: ${error.message.split('\n')[0]}`);
    }
    this.data = this.document.toJS();
  }

  static read(file: string): YamlSource {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new PhrasebookError(file, 1, `cannot be read (${reason}).`);
    }
    return new YamlSource(file, text);
  }

  /** The line (from 1) where the node at `path` starts; the nearest enclosing node's otherwise. */
  lineOf(path: readonly (string | number)[]): number {
    for (let length = path.length; length >= 0; length--) {
      const node = this.document.getIn(path.slice(0, length), true) as
        { range?: [number, number, number] } | undefined;
      if (node?.range) return this.lines.linePos(node.range[0]).line;
    }
    return 1;
  }

  error(path: readonly (string | number)[], problem: string): PhrasebookError {
    return new PhrasebookError(this.file, this.lineOf(path), problem);
  }
}
