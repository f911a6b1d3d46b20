import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Material } from '@vidmatrix/contract/api/material';
import { Msg } from '@vidmatrix/contract/messages';
import { MaterialCard } from './material-card.tsx';

function material(fields: Partial<Material> = {}): Material {
  return {
    file_id: 7,
    file_url: '/storage/media/a.mp4',
    file_name: '口播.mp4',
    file_type: 'video',
    duration: 75.4,
    size: 1024,
    thumb_url: '/storage/thumbs/a.jpg',
    process_status: 'done',
    group_id: 3,
    group_name: '产品',
    tag_ids: '1,2,3,4,5',
    tag_names: '爆款,新品,口播,促销,夏季',
    use_count: 12,
    expiration_time: '2027-02-19 21:38:02',
    remark: '',
    source_type: 0,
    create_time: '2026-11-21 10:00:00',
    ...fields,
  };
}

const noop = () => {};

/** The card as a page shows it, reduced to its visible text. */
function text(fields: Partial<Material> = {}, picker = false): string {
  return renderToStaticMarkup(
    <MaterialCard
      material={material(fields)}
      checked={false}
      onToggle={noop}
      onPreview={noop}
      {...(picker ? {} : { onEdit: noop, onDelete: noop })}
    />,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('MaterialCard', () => {
  it('shows mm:ss, name, group, the first four tags, 使用次数 and the expiry date only', () => {
    const shown = text();
    expect(shown).toContain('01:15');
    expect(shown).toContain('口播.mp4');
    expect(shown).toContain('产品 爆款 新品 口播 促销');
    expect(shown).not.toContain('夏季');
    expect(shown).toContain('使用次数：12');
    expect(shown).toContain('过期日期：2027-02-19');
    expect(shown).not.toContain('21:38');
  });

  it('shows no duration on an image and 永久 when it never expires', () => {
    const shown = text({ file_type: 'image', expiration_time: '' });
    expect(shown).not.toMatch(/\d\d:\d\d/);
    expect(shown).toContain('过期日期：永久');
  });

  it('shows the failed state when the media job gave up', () => {
    expect(text({ thumb_url: '', process_status: 'failed' })).toContain(Msg.mediaFailed);
  });

  it('has a selection checkbox, and edit and delete outside picker mode only', () => {
    const html = renderToStaticMarkup(
      <MaterialCard material={material()} checked onToggle={noop} onPreview={noop} onEdit={noop} onDelete={noop} />,
    );
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
    expect(html).toContain('aria-label="选择"');
    expect(html).toContain('aria-label="编辑"');
    expect(html).toContain('aria-label="删除"');
    const picker = renderToStaticMarkup(
      <MaterialCard material={material()} checked={false} onToggle={noop} onPreview={noop} />,
    );
    expect(picker).not.toContain('aria-label="编辑"');
    expect(picker).not.toContain('aria-label="删除"');
  });
});
