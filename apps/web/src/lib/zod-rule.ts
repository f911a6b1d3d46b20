import type { FormRule } from 'antd';
import { validationMessage } from '@vidmatrix/contract/api/common';
import type { ZodType } from 'zod';

/** An antd form rule that validates with a contract schema, so client and server share one rule. */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      return result.success ? Promise.resolve() : Promise.reject(new Error(validationMessage(result.error.issues)));
    },
  };
}
