import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'chromium', include: ['*.test.ts'] },
});
