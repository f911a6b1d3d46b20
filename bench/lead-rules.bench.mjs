// Issue 23 rules figure: precision and recall of buying intent (medium or high) and of contacts (kind and
// value) over the labelled comments and messages (packages/contract/src/rules/lead-examples.ts), for all of
// them and for the held-out part the rules were never tuned on. Targets: precision ≥ 0.9, recall ≥ 0.85.
// Beside them, the same figures for the baseline: the research's peer heuristics as quoted (leads.md §6:
// keyword intents with "otherwise 咨询", the phone / WeChat / QQ regexes), without de-obfuscation.
import { register } from 'tsx/esm/api';

register();
const { LEAD_EXAMPLES, LEAD_EXAMPLES_HELD_OUT } = await import('../packages/contract/src/rules/lead-examples.ts');
const { scoreLead } = await import('../packages/contract/src/rules/lead-rules.ts');
const { evaluateLeadScorer } = await import('../packages/contract/src/rules/lead-eval.ts');

/** research/leads.md §6 as its sources wrote it: first match of 合作, 售后, 购买, 闲聊, else 咨询. */
function baselineIntent(text) {
  if (/代理|合伙|招商|加盟/.test(text)) {
    return 'medium';
  }
  if (/退款|售后|没收到|投诉/.test(text)) {
    return 'low';
  }
  if (/多少钱|怎么买|怎么收费|价格|报名|下单|购买|付费/.test(text)) {
    return 'high';
  }
  if (/你好|在吗/.test(text)) {
    return 'none';
  }
  return 'medium';
}

/** The §6 regexes: phone with digit guards, spaced phone, WeChat after a marker, QQ after a marker. */
function baselineContacts(text) {
  const found = new Map();
  const add = (kind, value) => found.set(`${kind}:${value}`, { kind, value });
  for (const m of text.matchAll(/(?<!\d)1[3-9]\d(?:[\s-]?\d){8}(?!\d)/g)) {
    add('phone', m[0].replace(/[\s-]/g, ''));
  }
  for (const m of text.matchAll(
    /(?:微信号|威信|薇信|wx号|vx|v信|加微信?|加v)[:：=]?\s*([A-Za-z][-_A-Za-z0-9]{5,19})/gi,
  )) {
    add('wechat', m[1].toLowerCase());
  }
  for (const m of text.matchAll(/(?:qq|扣扣|企鹅)\D{0,3}(\d{5,11})/gi)) {
    add('qq', m[1]);
  }
  return [...found.values()];
}

const baseline = (text) => ({ level: baselineIntent(text), contacts: baselineContacts(text) });

function line(name, result) {
  const f = (n) => n.toFixed(3);
  return (
    `${name.padEnd(28)} intent P ${f(result.intent.precision)} R ${f(result.intent.recall)}` +
    `   contacts P ${f(result.contacts.precision)} R ${f(result.contacts.recall)}` +
    `   exact level ${f(result.levelAccuracy)}   (${result.examples} examples)`
  );
}

const sets = [
  ['all labelled examples', [...LEAD_EXAMPLES, ...LEAD_EXAMPLES_HELD_OUT]],
  ['held out (never tuned on)', LEAD_EXAMPLES_HELD_OUT],
];
let failed = false;
for (const [name, examples] of sets) {
  const rules = evaluateLeadScorer(examples, scoreLead);
  console.log(line(`rules, ${name}`, rules));
  console.log(line(`baseline, ${name}`, evaluateLeadScorer(examples, baseline)));
  if (name.startsWith('all')) {
    failed =
      rules.intent.precision < 0.9 ||
      rules.intent.recall < 0.85 ||
      rules.contacts.precision < 0.9 ||
      rules.contacts.recall < 0.85;
  }
}

// Scoring cost, beside the baseline's: texts per second over every example, repeated.
const all = [...LEAD_EXAMPLES, ...LEAD_EXAMPLES_HELD_OUT].map((e) => e.text);
function rate(score, rounds = 40) {
  const started = performance.now();
  for (let r = 0; r < rounds; r += 1) {
    for (const text of all) {
      score(text);
    }
  }
  return (rounds * all.length) / ((performance.now() - started) / 1000);
}
rate(scoreLead);
const rulesRate = rate(scoreLead);
const baselineRate = rate(baseline);
console.log(
  `scoring: ${Math.round(rulesRate)} texts/s vs baseline ${Math.round(baselineRate)} texts/s → ratio ${(rulesRate / baselineRate).toFixed(2)}`,
);
// Regex keywords of reply rules run with no time bound (what may be saved is bounded by construction,
// reply-pattern.ts): their cost per text on the examples, and the worst a saved pattern costs on a text
// made to backtrack it, beside its counted paths (tests only check what is decided, never how fast).
const { REPLY_PATTERN_PATHS_MAX, REPLY_PATTERN_TEXT_MAX, replyPatternPaths, replyPatternRegExp } =
  await import('../packages/contract/src/rules/reply-pattern.ts');
const patterns = [
  '(多少|几)钱',
  '^(请问一下)?(这个|那个|这款)?(多少|几)钱[?？]*$',
  '(哪里|在哪)(买|下单)|下单.{0,4}链接',
].map((p) => replyPatternRegExp(p));
const regexRate = rate(() => {
  for (const text of all) {
    for (const re of patterns) {
      re.test(text);
    }
  }
}, 3);
console.log(`regex rules: ${Math.round(regexRate * patterns.length)} runs/s on the examples`);
for (const [pattern, text] of [
  ['a.*b', 'a'.repeat(REPLY_PATTERN_TEXT_MAX)],
  ['.*(多少|几)钱', '多少'.repeat(REPLY_PATTERN_TEXT_MAX / 2)],
]) {
  const re = replyPatternRegExp(pattern);
  const runs = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    re.test(text);
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `regex worst case: ${pattern} on ${text.length} backtracking characters ${runs[2].toFixed(1)} ms median, ${runs[4].toFixed(1)} ms max (${replyPatternPaths(pattern)} paths counted, ${REPLY_PATTERN_PATHS_MAX} allowed)`,
  );
}
console.log(`targets on all examples: precision ≥ 0.9, recall ≥ 0.85 → ${failed ? 'MISSED' : 'met'}`);
process.exitCode = failed ? 1 : 0;
