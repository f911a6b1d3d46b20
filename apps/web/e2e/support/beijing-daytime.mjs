// Loaded with `node --import` into a server of a spec's own: harvest replies go out only between 08:00
// and 24:00 Beijing time (contract/rules/harvest-pacing), and a spec cannot wait for the morning. Outside
// 08:00–22:00 the process's Date.now runs from 09:00 Beijing on (at most 11 h ahead, so items the sandbox
// dates now stay inside the 24 h a rule may answer); inside it, the clock is left alone.
import { beijingDaytimeOffset } from './beijing-offset.mjs';

const realNow = Date.now.bind(Date);
// The spec passes the offset it computed, so the items it dates and this clock agree to the millisecond.
const offset = process.env.E2E_CLOCK_OFFSET_MS
  ? Number(process.env.E2E_CLOCK_OFFSET_MS)
  : beijingDaytimeOffset(realNow());
Date.now = () => realNow() + offset;
