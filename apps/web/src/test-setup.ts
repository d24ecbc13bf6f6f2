// Component tests render into one shared document: unmount after each test so that none sees the
// previous one's output.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a state, not a time: on a busy machine (two test workers beside
// PostgreSQL and Chromium) a table's first rows can take longer than testing-library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
