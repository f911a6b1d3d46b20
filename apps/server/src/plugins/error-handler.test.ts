import { Msg } from '@vidmatrix/contract/messages';
import { describe, expect, it } from 'vitest';
import { validationMessage } from './error-handler.ts';

describe('validationMessage', () => {
  it('shows the first Chinese message of the contract', () => {
    expect(validationMessage([{ message: Msg.accountFormat }, { message: Msg.passwordFormat }])).toBe(
      Msg.accountFormat,
    );
  });

  it("hides zod's English defaults behind Msg.invalidParams", () => {
    expect(validationMessage([{ message: 'Invalid input: expected number, received string' }])).toBe(Msg.invalidParams);
    expect(validationMessage([])).toBe(Msg.invalidParams);
  });
});
