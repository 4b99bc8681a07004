import { describe, expect, it } from '@jest/globals';
import { asksByEnglishOrder } from './question-order.js';

const order = (text: string, said = text) => asksByEnglishOrder(text.split(' '), said.split(' '));

describe('asksByEnglishOrder', () => {
  it('reads an auxiliary before its subject, or a question word before an auxiliary, as asking', () => {
    expect(order('is your temperature high')).toBe(true);
    expect(order('does the pain spread')).toBe(true);
    expect(order('do you have a fever')).toBe(true);
    expect(order('when did it start')).toBe(true);
    expect(order('how long have you had it')).toBe(true);
    expect(order('any fever')).toBe(true);
  });

  it('reads statement order, instructions and a clause that opens an instruction as not asking', () => {
    expect(order('your temperature is high')).toBe(false);
    expect(order('metformin is for diabetes')).toBe(false);
    expect(order('do your exercises twice a day')).toBe(false);
    expect(order('do it again')).toBe(false);
    expect(order('have a seat')).toBe(false);
    expect(order('when you get home rest')).toBe(false);
  });

  it('reads a question word after a request to tell as asking or instructing', () => {
    expect(order('where it hurts', 'tell me where it hurts')).toBe('either');
    expect(order('when you are ready', 'tell me when you are ready')).toBe('either');
    expect(order('where it hurts', 'you know where it hurts')).toBe('either');
  });
});
