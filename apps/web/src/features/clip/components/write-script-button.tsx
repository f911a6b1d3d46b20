import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import type { ClipScriptDrafts } from '@vidmatrix/contract/api/clip-task';
import { useWriteScript } from '../api/write-script.ts';
import { linesOf } from './task-actions.tsx';

/** 帮我写文案: asks for the product facts, then hands the written scripts to the page. */
export function WriteScriptButton(props: { count?: number; onWritten: (drafts: ClipScriptDrafts) => void }) {
  const [open, setOpen] = useState(false);
  const [industry, setIndustry] = useState('');
  const [product, setProduct] = useState('');
  const [points, setPoints] = useState('');
  const write = useWriteScript();
  return (
    <>
      <Button onClick={() => setOpen(true)}>帮我写文案</Button>
      <Modal
        title="帮我写文案"
        open={open}
        okText="生成文案"
        okButtonProps={{ disabled: product.trim() === '' }}
        confirmLoading={write.isPending}
        onCancel={() => setOpen(false)}
        onOk={() =>
          write.mutate(
            { textContext: { industry, product, sellingPoints: linesOf(points) }, count: props.count ?? 1 },
            {
              onSuccess: (drafts) => {
                props.onWritten(drafts);
                setOpen(false);
              },
            },
          )
        }
      >
        <Form layout="vertical">
          <Form.Item label="行业">
            <Input aria-label="行业" value={industry} maxLength={100} onChange={(e) => setIndustry(e.target.value)} />
          </Form.Item>
          <Form.Item label="产品" required>
            <Input aria-label="产品" value={product} maxLength={200} onChange={(e) => setProduct(e.target.value)} />
          </Form.Item>
          <Form.Item label="卖点（每行一条）">
            <Input.TextArea aria-label="卖点" rows={3} value={points} onChange={(e) => setPoints(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
