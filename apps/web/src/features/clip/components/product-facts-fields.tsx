import { Form, Input } from 'antd';

/** The product facts a script is written from, as typed (selling points one per row). */
export interface ProductFacts {
  industry: string;
  product: string;
  points: string;
}

export const NO_FACTS: ProductFacts = { industry: '', product: '', points: '' };

/** 行业, 产品 (required) and 卖点: the same fields in 帮我写文案 and on the AI剪辑 page. */
export function ProductFactsFields(props: { value: ProductFacts; onChange: (value: ProductFacts) => void }) {
  const set = (patch: Partial<ProductFacts>) => props.onChange({ ...props.value, ...patch });
  return (
    <>
      <Form.Item label="行业">
        <Input
          aria-label="行业"
          value={props.value.industry}
          maxLength={100}
          onChange={(e) => set({ industry: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="产品" required>
        <Input
          aria-label="产品"
          value={props.value.product}
          maxLength={200}
          onChange={(e) => set({ product: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="卖点（每行一条）">
        <Input.TextArea
          aria-label="卖点"
          rows={3}
          value={props.value.points}
          onChange={(e) => set({ points: e.target.value })}
        />
      </Form.Item>
    </>
  );
}
