import './controls';

export {
  type ControlDefinition,
  type ControlProps,
  controlFor,
  registerControl,
  registeredControlTypes,
} from './registry';
