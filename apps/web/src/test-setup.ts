// Component tests render into one shared document: unmount after each test so that none sees the
// previous one's output.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
