// Loaded with `node --import` into a server of a spec's own: harvest replies go out only between 08:00
// and 24:00 Beijing time (contract/rules/harvest-pacing), and a spec cannot wait for the morning. Outside
// 08:00–22:00 the process's Date.now runs from 09:00 Beijing on (at most 11 h ahead, so items the sandbox
// dates now stay inside the 24 h a rule may answer); inside it, the clock is left alone.
import { beijingDaytimeOffset } from './beijing-offset.mjs';

const realNow = Date.now.bind(Date);
const offset = beijingDaytimeOffset(realNow());
Date.now = () => realNow() + offset;
