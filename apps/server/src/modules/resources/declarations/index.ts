import type { ResourceDeclaration } from '../define';
import { categoryResource } from './categories';
import { eventResource } from './events';
import { placeResource } from './places';
import { POS_RESOURCES } from './pos';
import { productResource } from './products';
import { PROJECT_RESOURCES } from './projects';
import { saleResource } from './sales';

/** The resources the product declares in code. */
export const DECLARED_RESOURCES: readonly ResourceDeclaration[] = [
  productResource,
  categoryResource,
  eventResource,
  placeResource,
  saleResource,
  ...PROJECT_RESOURCES,
  ...POS_RESOURCES,
];
