// The registry: every operation of the API, in the order the OpenAPI document lists them.
import type { ApiOperation } from '../operation';
import { verifyOperation } from './verify';

export const API_OPERATIONS: readonly ApiOperation[] = [verifyOperation];
