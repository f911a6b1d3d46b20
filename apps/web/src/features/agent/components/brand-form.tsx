import { useEffect } from 'react';
import { Button, Form, Input, Switch, Upload } from 'antd';
import ImgCrop from 'antd-img-crop';
import { UploadOutlined } from '@ant-design/icons';
import { agentBrandBody, type AgentBrand } from '@vidmatrix/contract/api/agent';
import { BRAND_IMAGE_MAX_BYTES } from '@vidmatrix/contract/api/user-center';
import { Msg } from '@vidmatrix/contract/messages';
import { CROP_RATIOS } from '../../../components/uploader.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { readDataUrl } from '../../../lib/read-data-url.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useUpdateAgentBrand, useUploadAgentLogo } from '../api/agent-mutations.ts';
import styles from '../pages/agent-center-page.module.css';

interface BrandValues {
  name: string;
  logo_white: string;
  logo_black: string;
  is_wechat_service: boolean;
  domain: string;
}

function LogoField({ variant, value, label }: { variant: 'white' | 'black'; value: string; label: string }) {
  const upload = useUploadAgentLogo();
  const handleCropped = (file: File) => {
    if (!/^image\/(png|jpeg|webp)$/.test(file.type)) {
      notifyError(Msg.imageFormat);
    } else if (file.size > BRAND_IMAGE_MAX_BYTES) {
      notifyError(Msg.imageTooLarge);
    } else {
      void readDataUrl(file).then((image) =>
        upload.mutate({ variant, image }, { onSuccess: () => notifySuccess(Msg.uploaded) }),
      );
    }
    return false;
  };
  return (
    <div className={styles.logoField}>
      <div className={variant === 'white' ? styles.logoPreviewDark : styles.logoPreviewLight}>
        {value ? <img src={value} alt={label} /> : <span>未上传</span>}
      </div>
      <ImgCrop aspect={CROP_RATIOS.wide} modalTitle={`裁剪${label}`} modalOk="确定" modalCancel="取消">
        <Upload accept=".png,.jpg,.jpeg,.webp" showUploadList={false} beforeUpload={handleCropped}>
          <Button size="small" icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
            上传{label}
          </Button>
        </Upload>
      </ImgCrop>
    </div>
  );
}

/** An agent's white-label brand: name, white and black logos, wechat service, own domain. */
export function BrandForm({ brand }: { brand: AgentBrand }) {
  const [form] = Form.useForm<BrandValues>();
  const save = useUpdateAgentBrand();
  const shape = agentBrandBody.shape;

  useEffect(() => {
    form.setFieldsValue({ name: brand.name, domain: brand.domain, is_wechat_service: brand.is_wechat_service === 1 });
  }, [form, brand.name, brand.domain, brand.is_wechat_service]);

  const handleFinish = (values: BrandValues) => {
    save.mutate(
      {
        name: values.name,
        domain: values.domain ?? '',
        is_wechat_service: values.is_wechat_service ? 1 : 0,
        logo_white: brand.logo_white,
        logo_black: brand.logo_black,
      },
      { onSuccess: () => notifySuccess(Msg.updated) },
    );
  };

  return (
    <Form<BrandValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      data-testid="agent-brand-form"
    >
      <Form.Item label="品牌名称" name="name" rules={[zodRule(shape.name)]} extra="在您的域名上替代产品名称显示">
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item label="品牌标志" extra="白色标志用于深色背景（侧边栏），黑色标志用于浅色背景">
        <div className={styles.logos}>
          <LogoField variant="white" value={brand.logo_white} label="白色标志" />
          <LogoField variant="black" value={brand.logo_black} label="黑色标志" />
        </div>
      </Form.Item>
      <Form.Item
        label="专属域名"
        name="domain"
        rules={[zodRule(shape.domain)]}
        extra="将域名解析到本服务后，访客看到的是您的品牌；在该域名注册的会员归属于您"
      >
        <Input placeholder="例如 www.example.com" maxLength={253} />
      </Form.Item>
      <Form.Item label="微信客服" name="is_wechat_service" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存品牌设置
      </Button>
    </Form>
  );
}
