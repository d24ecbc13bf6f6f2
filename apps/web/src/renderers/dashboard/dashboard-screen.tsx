import './dashboard.scss';
import { useTranslation } from 'react-i18next';
import { pageTypeOf } from '../../engine/screens';
import { readObject, readText } from '../../engine/values';
import {
  DASHBOARD_ROW_PX,
  type DashboardWidget,
  readDashboardLayout,
  widgetGridArea,
} from '../../engine/widgets';
import type { ScreenDescriptor, ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

/**
 * The screen a widget shows: the dashboard's content of its `ScreenCode`, or a screen made from its
 * own `UIType` and `Config` (`{APIName, APIMethod, RequestData, Chart, ...}`).
 */
export function widgetScreen(
  board: ScreenDescriptor,
  widget: DashboardWidget,
  index: number,
): ScreenDescriptor | null {
  if (widget.ScreenCode) {
    const content = board.contents.find((c) => c.screenCode === widget.ScreenCode);
    return content
      ? {
          ...content,
          title: widget.Title || content.title,
          requestData: { ...board.requestData, ...content.requestData },
        }
      : null;
  }
  if (!widget.UIType) return null;
  const config = widget.Config;
  const chart = readObject(config.Chart) ?? {};
  return {
    id: `${board.id}-widget-${index}`,
    screenCode: board.screenCode,
    title: widget.Title,
    apiName: readText(config.APIName) ?? '',
    apiMethod: readText(config.APIMethod) || 'List',
    uiType: widget.UIType,
    pageType: pageTypeOf(widget.UIType),
    config,
    requestData: { ...board.requestData, ...readObject(config.RequestData) },
    contents: [],
    configs: {
      screenConfig: readObject(config.ScreenConfig) ?? { Chart: chart },
      uiTypeContents: '',
      chartConfig: chart,
    },
  };
}

function Widget({
  board,
  widget,
  index,
  params,
}: {
  board: ScreenDescriptor;
  widget: DashboardWidget;
  index: number;
  params: Record<string, string>;
}) {
  const { t } = useTranslation([board.screenCode, 'forms']);
  const screen = widgetScreen(board, widget, index);
  const headingId = `${board.screenCode}-widget-${index}`;
  return (
    <section
      className="dashboard-widget card"
      style={{ ...widgetGridArea(widget), minHeight: widget.h * DASHBOARD_ROW_PX }}
      aria-labelledby={screen?.title ? headingId : undefined}
    >
      {screen?.title && (
        <div className="card-header py-2">
          <h2 className="h6 mb-0" id={headingId}>
            {t(screen.title)}
          </h2>
        </div>
      )}
      <div className="card-body dashboard-widget-body">
        {screen ? (
          <ScreenRenderer screen={screen} params={params} embedded />
        ) : (
          <p className="text-secondary mb-0">{t('This widget has nothing to show.')}</p>
        )}
      </div>
    </section>
  );
}

/**
 * A dashboard (`admin_dashboard`): a grid of widgets, `{columns, widgets: [{x, y, w, h, UIType,
 * Config}]}` from `Configs.UITypeContents` (or `ScreenConfig.Dashboard`). Each widget is a screen
 * drawn by its renderer: numbers and charts (`chart`), tables, reports, anything registered.
 */
export default function DashboardScreen({ screen: given, params, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const layout = readDashboardLayout(
    screen?.configs?.uiTypeContents || screen?.configs?.screenConfig.Dashboard || screen?.config.Dashboard,
  );
  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {pending ? (
        <ScreenSpinner />
      ) : failed || !screen ? (
        <ScreenFailed />
      ) : (
        <div
          className="dashboard-grid"
          style={{
            gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`,
            gridAutoRows: DASHBOARD_ROW_PX,
          }}
        >
          {layout.widgets.map((widget, index) => (
            <Widget
              key={`${widget.x}-${widget.y}-${widget.ScreenCode || widget.UIType}`}
              board={screen}
              widget={widget}
              index={index}
              params={params}
            />
          ))}
        </div>
      )}
    </ScreenFrame>
  );
}
