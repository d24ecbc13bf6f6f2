import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchResourceOptions } from '../../api/screen-data';
import { ConfigForm } from '../../components/config-form/config-form';
import { readFormConfig } from '../../engine/forms';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

/**
 * A form screen (`myform`, and the generic `form` container): the form of `ScreenConfig.Form` (or
 * `Config.form`) with Save and Reset. With an APIName, the option lists of `{APIName}/Options` feed
 * controls whose `optionKey` the form does not list itself.
 */
export default function FormScreen({ screen: given, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const config = useMemo(
    () =>
      readFormConfig(
        screen?.configs?.screenConfig.Form,
        screen?.config.form,
        screen?.configs?.screenConfig.AddNew,
        screen?.config,
      ),
    [screen],
  );
  const needsOptions =
    Boolean(screen?.apiName) && config.controls?.some((c) => c.optionKey && !config.options?.[c.optionKey]);
  const options = useQuery({
    queryKey: ['Options', screen?.apiName, screen?.id, screen?.requestData],
    queryFn: () =>
      fetchResourceOptions(screen?.apiName ?? '', {
        ScreenGUID: screen?.id,
        RequestData: screen?.requestData,
      }),
    enabled: needsOptions === true,
  });

  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {pending || (needsOptions && options.isPending) ? (
        <ScreenSpinner />
      ) : failed || !screen ? (
        <ScreenFailed />
      ) : (
        <div className={embedded ? '' : 'card'}>
          <div className={embedded ? '' : 'card-body'} style={embedded ? undefined : { maxWidth: 760 }}>
            <ConfigForm
              config={config}
              apiName={screen.apiName}
              requestData={screen.requestData}
              optionLists={options.data ?? {}}
              translate={(text) => t(text)}
              idPrefix={`form-${screen.screenCode}`}
            />
          </div>
        </div>
      )}
    </ScreenFrame>
  );
}
