import { splitSentences } from '@vidmatrix/contract/rules/clip-text';
import { describe, expect, it } from 'vitest';
import { library, richCtx, tasks } from './clip-fixtures.ts';
import { buildClipArgs, type RenderSpec } from './filter-graph.ts';
import { planClipTask } from './plan.ts';
import { templateOf } from './planners/shared.ts';
import { layTimeline, type ResolvedMaterial } from './timeline.ts';

const materials = new Map<number, ResolvedMaterial>(
  library.map((m) => [
    m.id,
    { path: `/media/${m.id}.${m.kind === 'image' ? 'jpg' : 'mp4'}`, kind: m.kind, duration: m.duration },
  ]),
);

/** The argv of a mode's first video, every sentence taking 1.2 s to say. */
function argvOf(mode: number, dedup = false): { spec: RenderSpec; args: string[] } {
  const task = tasks(1, 42)[mode - 1];
  if (!task) {
    throw new Error('no task');
  }
  const withDedup = dedup
    ? { ...task, dedup: { mirror: true, crop: true, color: true, speed: true, frameRate: true, stripMetadata: true } }
    : task;
  const [plan] = planClipTask(withDedup, richCtx);
  if (!plan) {
    throw new Error('no plan');
  }
  const template = templateOf(task);
  const spoken = plan.voiced
    ? plan.paragraphs.map((p) => splitSentences(p).map((text) => ({ text, seconds: 1.2 })))
    : null;
  const timeline = layTimeline({ plan, template, materials, spoken, speech: richCtx.speech });
  const spec: RenderSpec = {
    width: 1080,
    height: 1920,
    fps: 30,
    duration: timeline.duration,
    fit: template.fit,
    clips: timeline.clips,
    transitions: timeline.transitions,
    main: timeline.main,
    overlays: timeline.overlays,
    subtitles: { path: '/tmp/work/text.ass', fontsDir: '/usr/share/fonts/truetype/wqy' },
    voice: timeline.voice ? '/tmp/work/voice.wav' : null,
    music: plan.musicId ? { path: '/media/music.mp3', volume: template.music.volume, duck: template.music.duck } : null,
    filter: template.filter,
    dedup: plan.dedup,
    loudnorm: true,
    encode: { preset: 'veryfast', crf: 23 },
    output: '/tmp/work/out.mp4',
  };
  return { spec, args: buildClipArgs(spec) };
}

const graphOf = (args: string[]): string => args[args.indexOf('-filter_complex') + 1] ?? '';

describe('buildClipArgs', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('mode %i: one ffmpeg argv (snapshot)', (mode) => {
    expect(argvOf(mode).args).toMatchSnapshot();
  });

  it('seeks on the input side and encodes once, H.264/AAC with faststart and progress', () => {
    const { args, spec } = argvOf(1);
    const firstInput = args.indexOf('-i');
    expect(args.slice(firstInput - 4, firstInput)).toEqual([
      '-ss',
      String(spec.clips[0]?.start),
      '-t',
      expect.any(String),
    ]);
    expect(args.filter((a) => a === '-c:v')).toHaveLength(1);
    expect(args).toEqual(expect.arrayContaining(['libx264', 'aac', '+faststart', 'pipe:1']));
    expect(args.join(' ')).toContain('-progress pipe:1');
    expect(args.at(-1)).toBe('/tmp/work/out.mp4');
  });

  it('joins with xfade at offsets that keep every span its length', () => {
    const { args, spec } = argvOf(1);
    const offsets = [...graphOf(args).matchAll(/xfade=transition=\w+:duration=([\d.]+):offset=([\d.]+)/g)].map((m) =>
      Number(m[2]),
    );
    expect(offsets).toHaveLength(spec.clips.length - 1);
    // Output length = Σ clip lengths − Σ overlaps = the timeline's duration.
    const overlaps = (spec.transitions ?? []).reduce((s, t) => s + t.duration, 0);
    const total = spec.clips.reduce((s, c) => s + c.length, 0) - overlaps;
    expect(total).toBeCloseTo(spec.duration, 2);
  });

  it('ducks the music under the voice and normalises loudness', () => {
    const graph = graphOf(argvOf(1).args);
    expect(graph).toContain('[bgm][key]sidechaincompress');
    expect(graph).toContain('amix=inputs=2:normalize=0');
    expect(graph).toContain('loudnorm=I=-16');
    expect(argvOf(1).args).toEqual(expect.arrayContaining(['-stream_loop', '-1']));
  });

  it('burns subtitles with the fonts directory, after the de-duplication changes', () => {
    const graph = graphOf(argvOf(1, true).args);
    const tail = graph.slice(graph.lastIndexOf('[vout]') - 400);
    expect(tail.indexOf('hflip') === -1 || tail.indexOf('hflip') < tail.indexOf('subtitles=')).toBe(true);
    expect(graph).toContain('subtitles=filename=/tmp/work/text.ass:fontsdir=/usr/share/fonts/truetype/wqy');
    expect(argvOf(1, true).args).toEqual(expect.arrayContaining(['-map_metadata', '-1']));
  });

  it('pans and zooms stills, and keys a presenter over B-roll', () => {
    expect(graphOf(argvOf(5).args)).toContain('zoompan=');
    const spec = argvOf(4).spec;
    const keyed = buildClipArgs({
      ...spec,
      main: spec.main && { ...spec.main, chromaKey: true },
      clips: spec.overlays.map((o) => o.clip),
      overlays: [],
    });
    expect(graphOf(keyed)).toContain('colorkey=0x00FF00');
  });

  it('keeps each clip’s own sound over the span it shows (保留原声), silence for one without, ducking the music', () => {
    const { spec } = argvOf(1);
    const clips = spec.clips.map((c, k) => ({ ...c, sound: k !== 1 }));
    const graph = graphOf(buildClipArgs({ ...spec, clips, voice: null }));
    const spans = [...graph.matchAll(/(?:\[\d+:a\]asetpts|anullsrc)[^;]*atrim=0:([\d.]+)\[sa\d+\]/g)].map((m) =>
      Number(m[1]),
    );
    const overlaps = (spec.transitions ?? []).map((t) => t.duration);
    // Each span ends where the next clip's transition starts; together they are the video's length.
    expect(spans).toEqual(clips.map((c, k) => Number((c.length - (overlaps[k] ?? 0)).toFixed(3))));
    expect(spans.reduce((a, b) => a + b, 0)).toBeCloseTo(spec.duration, 2);
    expect(graph).toContain('anullsrc=r=44100:cl=stereo,atrim=0:');
    expect(graph).toContain(`concat=n=${clips.length}:v=0:a=1[sound]`);
    expect(graph).toContain('[bgm][key]sidechaincompress');
    // Without 保留原声 no source sound is read.
    expect(graphOf(buildClipArgs({ ...spec, voice: null }))).not.toContain('[sound]');
  });

  it('refuses a filter-graph path with characters the graph would read', () => {
    const { spec } = argvOf(1);
    expect(() => buildClipArgs({ ...spec, subtitles: { path: "/tmp/a'b:c.ass", fontsDir: '/x' } })).toThrow(
      /unsafe path/,
    );
  });
});
