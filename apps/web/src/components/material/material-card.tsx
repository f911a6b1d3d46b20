import { memo } from 'react';
import { Checkbox, Spin } from 'antd';
import { CustomerServiceOutlined, DeleteOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Material } from '@vidmatrix/contract/api/material';
import { CARD_MAX_TAGS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { formatDuration } from '@vidmatrix/contract/rules/format';
import { datePart } from '@vidmatrix/contract/rules/time';
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

/**
 * One material: thumbnail (or placeholder), mm:ss, name, group, ≤ 4 tags, 使用次数, 过期日期.
 * Plain elements for name, tags and actions (a title instead of a Tooltip, CSS ellipsis instead of
 * Typography's measuring): a page of 500 re-mounts the visible cards on every filter change.
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
    <div className={`${styles.card} ${checked ? styles.checked : ''}`} data-testid="material-card">
      <div className={styles.thumb} onClick={() => onPreview(material)} role="button" aria-label={material.file_name}>
        {material.thumb_url ? (
          <img src={material.thumb_url} alt={material.file_name} loading="lazy" />
        ) : material.file_type === 'audio' ? (
          <CustomerServiceOutlined className={styles.placeholderIcon} />
        ) : material.process_status === 'failed' ? (
          <span className={styles.failed}>{Msg.mediaFailed}</span>
        ) : (
          <Spin tip={Msg.mediaProcessing}>
            <div className={styles.spinBox} />
          </Spin>
        )}
        {material.file_type === 'video' && <PlayCircleOutlined className={styles.play} />}
        {material.file_type !== 'image' && (
          <span className={styles.duration} data-testid="material-duration">
            {formatDuration(material.duration)}
          </span>
        )}
        <Checkbox
          className={styles.check}
          checked={checked}
          onClick={(event) => event.stopPropagation()}
          onChange={() => onToggle(material)}
          aria-label="选择"
        />
      </div>
      <div className={styles.body}>
        <strong className={styles.name} title={material.file_name}>
          {material.file_name}
        </strong>
        <div className={styles.tags}>
          {material.group_name && <span className={`${styles.tag} ${styles.groupTag}`}>{material.group_name}</span>}
          {tags.map((tag) => (
            <span key={tag} className={styles.tag}>
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
            {onEdit && <EditOutlined aria-label="编辑" onClick={() => onEdit(material)} />}
            {onDelete && <DeleteOutlined aria-label="删除" onClick={() => onDelete(material)} />}
          </div>
        )}
      </div>
    </div>
  );
});
