import { describe, expect, it } from '@jest/globals';
import { PhrasebookError } from './phrasebook-error.js';
import { YamlSource } from './yaml-source.js';

const TEXT = [
  'phrases:',
  '  - id: pain.where',
  '    en: Where does it hurt?',
  '    also:',
  '      en: [Show me where it hurts.]',
  '  - id: pain.when',
  '    count: 3',
  '    on: yes',
  '',
].join('\n');

describe('YamlSource', () => {
  it('reads the data as YAML 1.2 core: numbers, and "yes" as a string', () => {
    expect(new YamlSource('phrases.yaml', TEXT).data).toEqual({
      phrases: [
        { id: 'pain.where', en: 'Where does it hurt?', also: { en: ['Show me where it hurts.'] } },
        { id: 'pain.when', count: 3, on: 'yes' },
      ],
    });
  });

  it('names the line where a node starts, or the nearest enclosing one', () => {
    const source = new YamlSource('phrases.yaml', TEXT);
    expect(source.lineOf(['phrases', 1, 'count'])).toBe(7);
    expect(source.lineOf(['phrases', 0, 'also', 'en', 0])).toBe(5);
    expect(source.lineOf(['phrases', 1, 'missing'])).toBe(6);
    expect(source.error(['phrases', 0, 'en'], 'is wrong').message).toBe('phrases.yaml:3: is wrong');
  });

  it('refuses a key written twice, naming its line', () => {
    const text = 'phrases:\n  - id: a\n    en: One.\n    en: Two.\n';
    expect(() => new YamlSource('dup.yaml', text)).toThrow(PhrasebookError);
    expect(() => new YamlSource('dup.yaml', text)).toThrow(/^dup\.yaml:4: not valid YAML: /);
  });

  it('refuses text that is not YAML, naming its line', () => {
    const text = 'phrases:\n  - id: a\n    en: "unclosed\n';
    expect(() => new YamlSource('bad.yaml', text)).toThrow(/^bad\.yaml:\d+: not valid YAML: /);
  });
});
