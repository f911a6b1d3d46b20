import type { ClipTemplate, SubtitleStyle } from '@vidmatrix/contract/api/clip-task';
import { titlePreset } from '@vidmatrix/contract/rules/clip-styles';
import { DEFAULT_CLIP_FONT, SEEDED_TEMPLATES, type SeededTemplate } from '@vidmatrix/contract/rules/clip-templates';

export { SEEDED_TEMPLATES, type SeededTemplate };

/** The font every seeded template starts from (shipped with the server image, fonts-wqy-microhei). */
export const DEFAULT_FONT = DEFAULT_CLIP_FONT;

/** The seeded template named by `key`, else the first. */
export function templateByKey(key: string | null): SeededTemplate {
  return SEEDED_TEMPLATES.find((t) => t.key === key) ?? (SEEDED_TEMPLATES[0] as SeededTemplate);
}

/**
 * The template as a task uses it: the subtitle style the member picked (in the template's font), the
 * title style they picked (the titles themselves go as the task's titleArray), and its music policy over
 * the tracks the member chose (none chosen, no music; 'random' deals them out, 'chosen' keeps the first).
 */
export function templateForTask(
  template: ClipTemplate,
  musicIds: readonly number[],
  chosen: { subtitle: Omit<SubtitleStyle, 'font'> | null; titleStyle: string },
): ClipTemplate {
  const policy = musicIds.length === 0 ? 'none' : template.music.policy === 'random' ? 'random' : 'chosen';
  const font = template.subtitle?.font ?? template.title?.font ?? DEFAULT_FONT;
  const title = chosen.titleStyle ? titlePreset(chosen.titleStyle, template.title?.font ?? font) : undefined;
  return {
    ...template,
    subtitle: chosen.subtitle ? { ...chosen.subtitle, font } : template.subtitle,
    title: title ?? (template.title && { ...template.title, text: '' }),
    music: { ...template.music, policy },
  };
}
