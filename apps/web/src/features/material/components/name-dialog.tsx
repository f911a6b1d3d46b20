import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { MATERIAL_DIALOG_WIDTH_PX } from '@vidmatrix/contract/constants';

export interface NameDialogValue {
  name: string;
  desc: string;
}

/** Add or rename a group or tag: a required name (the given message) and an optional description. */
export function NameDialog(props: {
  open: boolean;
  title: string;
  nameLabel: string;
  requiredMsg: string;
  initial?: NameDialogValue;
  loading?: boolean;
  onCancel: () => void;
  onSubmit: (value: NameDialogValue) => void;
}) {
  const [form] = Form.useForm<NameDialogValue>();
  const { open, initial } = props;
  useEffect(() => {
    if (open) {
      form.setFieldsValue(initial ?? { name: '', desc: '' });
    }
  }, [open, initial, form]);
  return (
    <Modal
      open={open}
      title={props.title}
      width={MATERIAL_DIALOG_WIDTH_PX}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      confirmLoading={props.loading}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 4 }} onFinish={props.onSubmit}>
        <Form.Item
          name="name"
          label={props.nameLabel}
          rules={[{ required: true, whitespace: true, message: props.requiredMsg }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="desc" label="描述">
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
