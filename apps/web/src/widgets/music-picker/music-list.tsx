import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Input, Pagination, Segmented, Space, Table } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { musicKey, type Music } from '@vidmatrix/contract/api/music';
import { MUSIC_DEFAULT_PAGE_SIZE, MUSIC_PAGE_SIZES, SEARCH_THROTTLE_MS } from '@vidmatrix/contract/constants';
import { formatDuration } from '@vidmatrix/contract/rules/format';
import { useThrottledCallback } from '../../lib/use-throttled.ts';
import { useMusicCates } from '../../api/music/get-music-cates.ts';
import { useMusicList } from '../../api/music/get-music-list.ts';
import type { MusicQuery } from '../../api/music/music-keys.ts';
import { namedPageButtons } from '../../components/table-pagination.ts';

/** Categories, keyword search, play/pause preview, mm:ss and pages of 10–500 (default 10). */
export function MusicList(props: {
  selected: Music[];
  onToggle?: (music: Music) => void;
  own?: boolean;
  extra?: React.ReactNode;
}) {
  const [query, setQuery] = useState<MusicQuery>({
    limit: MUSIC_DEFAULT_PAGE_SIZE,
    page: 1,
    keywords: '',
    cate_id: '',
    is_system_music: props.own ? 0 : 1,
  });
  const [keywords, setKeywords] = useState('');
  const [playing, setPlaying] = useState<number | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const cates = useMusicCates();
  const list = useMusicList(query);
  const search = useThrottledCallback(
    (value: string) => setQuery((q) => ({ ...q, page: 1, keywords: value.trim() })),
    SEARCH_THROTTLE_MS,
  );

  useEffect(() => () => audio.current?.pause(), []);

  const togglePlay = (music: Music) => {
    if (playing === music.music_id) {
      audio.current?.pause();
      setPlaying(null);
      return;
    }
    audio.current?.pause();
    audio.current = new Audio(music.file.file_url);
    audio.current.onended = () => setPlaying(null);
    void audio.current.play().catch(() => setPlaying(null));
    setPlaying(music.music_id);
  };

  const chosen = new Set(props.selected.map(musicKey));
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        {!props.own && (
          <Segmented<string>
            value={String(query.cate_id)}
            onChange={(value) => setQuery((q) => ({ ...q, page: 1, cate_id: value ? Number(value) : '' }))}
            options={[
              { value: '', label: '全部' },
              ...(cates.data ?? []).map((c) => ({ value: String(c.cate_id), label: c.name })),
            ]}
          />
        )}
        <Input.Search
          aria-label="搜索音乐"
          placeholder="搜索音乐名称"
          allowClear
          style={{ width: 220 }}
          value={keywords}
          onChange={(e) => {
            setKeywords(e.target.value);
            search(e.target.value);
          }}
          onSearch={(value) => setQuery((q) => ({ ...q, page: 1, keywords: value.trim() }))}
        />
        {props.extra}
      </Space>
      <Table<Music>
        rowKey={musicKey}
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        columns={[
          ...(props.onToggle
            ? [
                {
                  key: 'pick',
                  width: 48,
                  render: (_: unknown, music: Music) => (
                    <Checkbox
                      aria-label={`选择${music.file.file_name}`}
                      checked={chosen.has(musicKey(music))}
                      onChange={() => props.onToggle?.(music)}
                    />
                  ),
                },
              ]
            : []),
          {
            key: 'play',
            width: 56,
            render: (_: unknown, music: Music) => (
              <Button
                type="text"
                aria-label={playing === music.music_id ? '暂停' : '播放'}
                icon={
                  playing === music.music_id ? <PauseCircleOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />
                }
                onClick={() => togglePlay(music)}
              />
            ),
          },
          { title: '名称', key: 'name', render: (_: unknown, music: Music) => music.file.file_name },
          {
            title: '时长',
            key: 'duration',
            width: 90,
            render: (_: unknown, music: Music) => formatDuration(music.file.duration),
          },
        ]}
      />
      <Pagination
        style={{ marginTop: 12, justifyContent: 'flex-end' }}
        current={query.page}
        pageSize={query.limit}
        total={list.data?.count ?? 0}
        pageSizeOptions={MUSIC_PAGE_SIZES.map(String)}
        showSizeChanger
        showQuickJumper
        showTotal={(total) => `共 ${total} 条`}
        itemRender={namedPageButtons}
        onChange={(page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit }))}
      />
    </div>
  );
}
