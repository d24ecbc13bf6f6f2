// The form controls of the product: one registration per control type (screen-config.md, "Form
// controls"). A new type is one line here plus its component.
import { CheckboxControl, SwitchControl } from './check-controls';
import { MultiSelectControl, RadioControl, SelectControl } from './choice-controls';
import { ColorControl } from './color-control';
import { DateControl, DateTimeControl, TimeControl } from './date-controls';
import { JsonControl } from './json-control';
import { LookupControl } from './lookup-control';
import { MoneyControl, NumberControl } from './number-control';
import { PasswordControl } from './password-control';
import { registerControl } from './registry';
import { RichTextControl } from './rich-text-control';
import { TagControl } from './tag-control';
import { TextControl } from './text-control';
import { TextareaControl } from './textarea-control';
import { FileControl, PhotoControl } from './upload-control';

registerControl('text', TextControl, { typed: true });
registerControl('textarea', TextareaControl, { typed: true });
registerControl('number', NumberControl, { typed: true });
registerControl('money', MoneyControl, { typed: true });
registerControl('date', DateControl);
registerControl('datetime', DateTimeControl);
registerControl('time', TimeControl);
registerControl('select', SelectControl);
registerControl('multiselect', MultiSelectControl, { labelling: 'legend' });
registerControl('checkbox', CheckboxControl, { labelling: 'self' });
registerControl('switch', SwitchControl, { labelling: 'self' });
registerControl('radio', RadioControl, { labelling: 'legend' });
registerControl('color', ColorControl);
registerControl('tag', TagControl, { typed: true });
registerControl('file', FileControl);
registerControl('photo', PhotoControl);
registerControl('richtext', RichTextControl, { labelling: 'labelledby', typed: true });
registerControl('json', JsonControl, { typed: true });
registerControl('password', PasswordControl, { typed: true });
registerControl('lookup', LookupControl);
