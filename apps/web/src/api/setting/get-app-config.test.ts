import { describe, expect, it } from 'vitest';
import { toAppConfig } from './get-app-config.ts';

describe('toAppConfig', () => {
  it('keeps the four labels the client knows', () => {
    expect(
      toAppConfig([
        { config_label: 'appName', config_value: 'AI获客矩阵' },
        { config_label: 'max_file_num', config_value: '9' },
        { config_label: 'unknown', config_value: 'x' },
      ]),
    ).toEqual({ appName: 'AI获客矩阵', 'merchant-ico': '', 'admin-logo': '', max_file_num: '9' });
  });
});
