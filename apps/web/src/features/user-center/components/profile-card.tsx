import { useEffect } from 'react';
import { Avatar, Button, Card, Form, Input, Upload } from 'antd';
import ImgCrop from 'antd-img-crop';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import type { MemberInfo } from '@vidmatrix/contract/api/member';
import { BRAND_IMAGE_MAX_BYTES, profileBody } from '@vidmatrix/contract/api/user-center';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { readDataUrl } from '../../../lib/read-data-url.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useUpdateAvatar, useUpdateProfile } from '../api/update-profile.ts';
import styles from '../pages/user-center-page.module.css';

interface ProfileValues {
  nickname: string;
  phone: string;
}

/** Nickname, phone and the avatar, cropped square before it is sent (SPEC §2.6 cropper). */
export function ProfileCard({ member }: { member: MemberInfo }) {
  const [form] = Form.useForm<ProfileValues>();
  const profile = useUpdateProfile();
  const avatar = useUpdateAvatar();

  useEffect(() => {
    form.setFieldsValue({ nickname: member.nickname, phone: member.phone });
  }, [form, member.nickname, member.phone]);

  const handleFinish = (values: ProfileValues) => {
    profile.mutate(
      { nickname: values.nickname, phone: values.phone ?? '' },
      { onSuccess: () => notifySuccess(Msg.updated) },
    );
  };

  // The cropped file goes up as a data URL; antd's own upload never runs.
  const handleCropped = (file: File) => {
    if (!/^image\/(png|jpeg|webp)$/.test(file.type)) {
      notifyError(Msg.imageFormat);
      return false;
    }
    if (file.size > BRAND_IMAGE_MAX_BYTES) {
      notifyError(Msg.imageTooLarge);
      return false;
    }
    void readDataUrl(file).then((image) => avatar.mutate({ image }, { onSuccess: () => notifySuccess(Msg.updated) }));
    return false;
  };

  return (
    <Card title="个人资料" variant="borderless" className={styles.card}>
      <div className={styles.profile}>
        <div className={styles.avatarBox}>
          <Avatar
            size={96}
            src={member.avatar_url || undefined}
            icon={<UserOutlined aria-hidden />}
            data-testid="profile-avatar"
          />
          <ImgCrop aspect={1} cropShape="round" modalTitle="裁剪头像" modalOk="确定" modalCancel="取消" quality={0.9}>
            <Upload accept=".png,.jpg,.jpeg,.webp" showUploadList={false} beforeUpload={handleCropped}>
              <Button icon={<CameraOutlined aria-hidden />} loading={avatar.isPending} size="small">
                更换头像
              </Button>
            </Upload>
          </ImgCrop>
        </div>
        <Form<ProfileValues>
          form={form}
          layout="vertical"
          onFinish={handleFinish}
          requiredMark={false}
          className={styles.form}
        >
          <Form.Item label="账号">
            <Input value={member.username} disabled />
          </Form.Item>
          <Form.Item label="昵称" name="nickname" rules={[zodRule(profileBody.shape.nickname)]}>
            <Input placeholder="请输入昵称" maxLength={32} />
          </Form.Item>
          <Form.Item label="手机号" name="phone" rules={[zodRule(profileBody.shape.phone)]}>
            <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={profile.isPending}>
            保存资料
          </Button>
        </Form>
      </div>
    </Card>
  );
}
