import { useTranslation } from 'react-i18next';
import type { ScreenDescriptor, ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

function PanelBox({ content, params }: { content: ScreenDescriptor; params: Record<string, string> }) {
  const { t } = useTranslation([content.screenCode, 'forms']);
  const headingId = `panel-box-${content.screenCode}`;
  return (
    <section className="card h-100" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 className="h6 mb-0" id={headingId}>
          {t(content.title)}
        </h2>
      </div>
      <div className="card-body">
        <ScreenRenderer screen={content} params={params} embedded />
      </div>
    </section>
  );
}

/**
 * A panel screen (`admin_panel`): its contents side by side in boxes, `ScreenConfig.Panel.columns`
 * per row (1 by default; one per row on narrow screens), each drawn by its own renderer.
 */
export default function PanelScreen({ screen: given, params, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const panel = screen?.configs?.screenConfig.Panel as { columns?: unknown } | undefined;
  const columns =
    typeof panel?.columns === 'number' ? Math.min(4, Math.max(1, Math.round(panel.columns))) : 1;
  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {pending ? (
        <ScreenSpinner />
      ) : failed || !screen ? (
        <ScreenFailed />
      ) : (
        <div className={`row row-cols-1 row-cols-lg-${columns} g-3`}>
          {screen.contents.map((content) => (
            <div className="col" key={content.id}>
              <PanelBox
                content={{ ...content, requestData: { ...screen.requestData, ...content.requestData } }}
                params={params}
              />
            </div>
          ))}
        </div>
      )}
    </ScreenFrame>
  );
}
