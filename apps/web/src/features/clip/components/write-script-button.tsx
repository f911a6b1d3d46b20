import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import type { ClipScriptDrafts } from '@vidmatrix/contract/api/clip-task';
import { useWriteScript } from '../api/write-script.ts';
import { NO_FACTS, ProductFactsFields, type ProductFacts } from './product-facts-fields.tsx';
import { linesOf } from './task-actions.tsx';

/**
 * 帮我写文案 (modes 1, 2, 4, 6, 8): asks for the product facts, has `count` scripts written, and hands
 * them to the page, which places them in its own fields.
 */
export function WriteScriptButton(props: { count?: number; onWritten: (drafts: ClipScriptDrafts) => void }) {
  const [open, setOpen] = useState(false);
  const [facts, setFacts] = useState<ProductFacts>(NO_FACTS);
  const write = useWriteScript();
  return (
    <>
      <Button onClick={() => setOpen(true)}>帮我写文案</Button>
      <Modal
        title="帮我写文案"
        open={open}
        okText="生成文案"
        okButtonProps={{ disabled: facts.product.trim() === '' }}
        confirmLoading={write.isPending}
        onCancel={() => setOpen(false)}
        onOk={() =>
          write.mutate(
            {
              textContext: { industry: facts.industry, product: facts.product, sellingPoints: linesOf(facts.points) },
              count: props.count ?? 1,
            },
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
          <ProductFactsFields value={facts} onChange={setFacts} />
        </Form>
      </Modal>
    </>
  );
}
