import { memo } from 'react';
import { Spin } from 'antd';
import { CustomerServiceOutlined, DeleteOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Material } from '@vidmatrix/contract/api/material';
import { CARD_MAX_TAGS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { formatDuration } from '@vidmatrix/contract/rules/format';
import { datePart } from '@vidmatrix/contract/rules/time';
import { LiteCheckbox } from '../../components/lite-controls.tsx';
import styles from './material.module.css';

export interface MaterialCardProps {
  material: Material;
  checked: boolean;
  onToggle: (material: Material) => void;
  onPreview: (material: Material) => void;
  /** Absent in picker mode. */
  onEdit?: (material: Material) => void;
  onDelete?: (material: Material) => void;
}

// Icons as constant elements: React skips an unchanged element, so a card that gets another material
// (the grid keeps cards mounted across filter changes) does not re-render its icons.
const audioIcon = <CustomerServiceOutlined aria-hidden className={styles.placeholderIcon} />;
const playIcon = <PlayCircleOutlined aria-hidden className={styles.play} />;
const editIcon = <EditOutlined aria-hidden />;
const deleteIcon = <DeleteOutlined aria-hidden />;

/**
 * One material: thumbnail (or placeholder), mm:ss, name, group, ≤ 4 tags, 使用次数, 过期日期.
 * Plain elements throughout (a title instead of a Tooltip, CSS ellipsis instead of Typography's
 * measuring, a native checkbox): a page of 500 updates every visible card on each filter change.
 */
export const MaterialCard = memo(function MaterialCard({
  material,
  checked,
  onToggle,
  onPreview,
  onEdit,
  onDelete,
}: MaterialCardProps) {
  const tags = material.tag_names ? material.tag_names.split(',').slice(0, CARD_MAX_TAGS) : [];
  return (
    <div className={checked ? `${styles.card} ${styles.checked}` : styles.card} data-testid="material-card">
      {/* The preview button holds only the picture; the states, the duration and the checkbox lie over it,
          so no control sits inside another and the button's name is the file's (axe nested-interactive). */}
      <div className={styles.thumb}>
        <button
          type="button"
          className={styles.preview}
          onClick={() => onPreview(material)}
          aria-label={material.file_name}
        >
          {material.thumb_url ? (
            // Keyed by material: a reused card must not show the previous material's picture while this one loads.
            <img key={material.file_id} src={material.thumb_url} alt="" loading="lazy" />
          ) : (
            material.file_type === 'audio' && audioIcon
          )}
          {material.file_type === 'video' && playIcon}
        </button>
        {!material.thumb_url && material.file_type !== 'audio' && (
          <span className={styles.overlay}>
            {material.process_status === 'failed' ? (
              <span className={styles.failed}>{Msg.mediaFailed}</span>
            ) : (
              <Spin tip={Msg.mediaProcessing}>
                <div className={styles.spinBox} />
              </Spin>
            )}
          </span>
        )}
        {material.file_type !== 'image' && (
          <span className={styles.duration} data-testid="material-duration">
            {formatDuration(material.duration)}
          </span>
        )}
        <span className={styles.check}>
          <LiteCheckbox checked={checked} onChange={() => onToggle(material)} aria-label="选择" />
        </span>
      </div>
      <div className={styles.body}>
        <strong className={styles.name} title={material.file_name}>
          {material.file_name}
        </strong>
        <div className={styles.tags}>
          {material.group_name && <span className={`${styles.tag} ${styles.groupTag}`}>{material.group_name}</span>}
          {tags.map((tag, index) => (
            <span key={index} className={styles.tag}>
              {tag}
            </span>
          ))}
        </div>
        <div className={styles.meta}>
          <span>使用次数：{material.use_count}</span>
          <span>过期日期：{datePart(material.expiration_time) || '永久'}</span>
        </div>
        {(onEdit || onDelete) && (
          <div className={styles.actions}>
            {onEdit && (
              <button type="button" aria-label="编辑" onClick={() => onEdit(material)}>
                {editIcon}
              </button>
            )}
            {onDelete && (
              <button type="button" aria-label="删除" onClick={() => onDelete(material)}>
                {deleteIcon}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
});
