import { PhotoUpload } from '../../components/photo-upload/photo-upload';
import { CellDisplay } from '../shared/cell-display';
import { editsInPlace } from '../shared/editable-cell';
import type { CellProps } from '../types';

/**
 * `photo`: the value's image(s) fitted in `maxHeight` × `maxWidth` (120px by default); a click opens
 * the lightbox. An editable photo cell uploads a new one (`ProjectPhoto/FileUploadFile`).
 */
export function PhotoCell(props: CellProps) {
  const { actions, row, column } = props;
  if (!editsInPlace(props)) return <CellDisplay {...props} />;
  return (
    <span className="cell-editable">
      <CellDisplay {...props} />
      <PhotoUpload
        label={actions.t('Upload a photo for {{field}}', { field: actions.t(column.header) })}
        onUploaded={(url) => actions.commit(row, column, url)}
        t={actions.t}
      />
    </span>
  );
}
