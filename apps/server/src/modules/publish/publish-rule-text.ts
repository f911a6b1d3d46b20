import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import type { PublishViolation } from '@vidmatrix/contract/rules/publish-rules';

const MB = 1024 * 1024;
const n = (value: number | string) => (typeof value === 'number' ? value : Number(value));

/** The Chinese sentence naming a broken publishing rule with its limit (units a person reads). */
export function ruleText(v: PublishViolation): string {
  switch (v.code) {
    case 'title_too_short':
      return fillMsg(Msg.publishRuleTitleTooShort, { limit: v.limit, actual: v.actual });
    case 'title_too_long':
      return fillMsg(Msg.publishRuleTitleTooLong, { limit: v.limit, actual: v.actual });
    case 'description_too_long':
      return fillMsg(Msg.publishRuleDescriptionTooLong, { limit: v.limit, actual: v.actual });
    case 'too_many_topics':
      return fillMsg(Msg.publishRuleTooManyTopics, { limit: v.limit, actual: v.actual });
    case 'format':
      return fillMsg(Msg.publishRuleFormat, { limit: v.limit, actual: v.actual || '无' });
    case 'too_large':
      return fillMsg(Msg.publishRuleTooLarge, { limit: Math.floor(n(v.limit) / MB) });
    case 'too_long':
      return fillMsg(Msg.publishRuleTooLong, { limit: Math.floor(n(v.limit) / 60) });
    case 'schedule_too_soon':
      return fillMsg(Msg.publishRuleScheduleTooSoon, { limit: Math.ceil(n(v.limit) / 60_000) });
    case 'schedule_too_far':
      return fillMsg(Msg.publishRuleScheduleTooFar, { limit: Math.floor(n(v.limit) / 86_400_000) });
  }
}
