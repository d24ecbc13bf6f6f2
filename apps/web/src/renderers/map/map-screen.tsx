import 'leaflet/dist/leaflet.css';
import type { ListResult } from '@panelwright/contract';
import { MAP_TILE_URL } from '@panelwright/contract/constants';
import { useQuery } from '@tanstack/react-query';
import type { CircleMarker as LeafletCircleMarker, Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Popup, TileLayer, ZoomControl } from 'react-leaflet';
import { fetchScreenData } from '../../api/screen-data';
import { toNumber } from '../../engine/formats';
import { readObject, readText, valueText } from '../../engine/values';
import { DATA_TEXT, DATA_TEXT_ATTRIBUTE } from '../../i18n';
import { useAppStore } from '../../state/app-store';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

type Place = { id: string; title: string; info: string; lat: number; lng: number };

/**
 * A map (`map`): markers at `fLat`/`fLng` of the rows of `{APIName}/List`, with `fTitle` and `fInfo`
 * in their popups and in a list beside the map (the keyboard way to them). Tiles come from the
 * screen's `ScreenConfig.Map.tileUrl`, else the setting `UIAppConfig.mapTileUrl` (OpenStreetMap's by
 * default), so a closed network can use its own tile server. With none configured, offline, or when
 * the tile server answers no tile, the markers are drawn on the blank grey map.
 */
export default function MapScreen({ screen: given, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const appConfig = useAppStore((s) => s.dataFirstSetting?.UIAppConfig) as
    | Record<string, unknown>
    | undefined;
  const [map, setMap] = useState<LeafletMap | null>(null);
  const markers = useRef(new Map<string, LeafletCircleMarker>());
  const config = readObject(screen?.configs?.screenConfig.Map) ?? readObject(screen?.config.Map) ?? {};
  const fields = {
    lat: readText(config.fLat) ?? 'Latitude',
    lng: readText(config.fLng) ?? 'Longitude',
    title: readText(config.fTitle) ?? 'Name',
    info: readText(config.fInfo) ?? '',
  };
  const tileUrl = [readText(config.tileUrl), readText(appConfig?.mapTileUrl)]
    .map((url) => url?.trim())
    .find((url) => url !== undefined && MAP_TILE_URL.test(url));
  const attribution = readText(config.attribution) || readText(appConfig?.mapAttribution) || '';
  // The offline fallback: no tile layer while the browser is offline or once tiles failed and none
  // loaded (a tile server out of reach); a working server's occasional missing tile does not count.
  const [tilesFailed, setTilesFailed] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const tilesLoaded = useRef(0);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  const showTiles = tileUrl !== undefined && online && !tilesFailed;
  const center = Array.isArray(config.center) ? config.center.map((n) => toNumber(n) ?? 0) : [16, 106];
  const zoom = toNumber(config.zoom) ?? 5;
  const height = toNumber(config.height) ?? 420;
  const apiName = screen?.apiName ?? '';

  const list = useQuery({
    queryKey: ['MapPlaces', apiName, screen?.apiMethod, screen?.requestData],
    queryFn: () =>
      fetchScreenData<ListResult>(apiName, screen?.apiMethod ?? 'List', {
        Page: 1,
        PageSize: 1000,
        RequestData: screen?.requestData,
      }),
    enabled: apiName !== '',
  });
  const places: Place[] = (list.data?.Data ?? []).flatMap((row) => {
    const lat = toNumber(row[fields.lat]);
    const lng = toNumber(row[fields.lng]);
    if (lat === null || lng === null) return [];
    return [
      {
        id: valueText(row.Id),
        title: valueText(row[fields.title]),
        info: fields.info ? valueText(row[fields.info]) : '',
        lat,
        lng,
      },
    ];
  });

  const show = (place: Place) => {
    map?.flyTo([place.lat, place.lng], Math.max(map.getZoom(), 10), { duration: 0.5 });
    markers.current.get(place.id)?.openPopup();
  };

  let content: React.ReactNode;
  if (pending || list.isPending) content = <ScreenSpinner />;
  else if (failed || !screen || list.isError) content = <ScreenFailed />;
  else
    content = (
      <div className="row g-3">
        <div className="col-lg-8">
          <MapContainer
            ref={(created: LeafletMap | null) => {
              // The map library's credit line names it and the tile source: data, not a text of ours.
              created?.attributionControl?.getContainer()?.setAttribute(DATA_TEXT_ATTRIBUTE, '');
              setMap(created);
            }}
            center={[center[0] ?? 16, center[1] ?? 106]}
            zoom={zoom}
            style={{ height, background: '#e9ecef' }}
            className="rounded border"
            aria-label={t('Map of {{title}}', { title: t(given.title) })}
            zoomControl={false}
          >
            <ZoomControl zoomInTitle={t('Zoom in')} zoomOutTitle={t('Zoom out')} />
            {showTiles && (
              <TileLayer
                url={tileUrl}
                attribution={attribution}
                eventHandlers={{
                  tileload: () => {
                    tilesLoaded.current += 1;
                  },
                  tileerror: () => {
                    if (tilesLoaded.current === 0) setTilesFailed(true);
                  },
                }}
              />
            )}
            {places.map((place) => (
              <CircleMarker
                key={place.id}
                ref={(marker) => {
                  if (marker) markers.current.set(place.id, marker);
                  else markers.current.delete(place.id);
                }}
                center={[place.lat, place.lng]}
                radius={8}
                pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#057e38', fillOpacity: 0.9 }}
              >
                <Popup>
                  <strong {...DATA_TEXT}>{place.title}</strong>
                  {place.info && <div {...DATA_TEXT}>{place.info}</div>}
                </Popup>
              </CircleMarker>
            ))}
          </MapContainer>
          {!tileUrl && (
            <p className="form-text">
              {t('No map tiles are configured: the places are shown on a blank map.')}
            </p>
          )}
          {tileUrl && !showTiles && (
            <p className="form-text" role="status">
              {t('The map tiles could not be loaded: the places are shown on a blank map.')}
            </p>
          )}
        </div>
        <div className="col-lg-4">
          <h2 className="h6">{t('Places')}</h2>
          <ul className="list-group" data-testid="map-places">
            {places.map((place) => (
              <li key={place.id} className="list-group-item p-0">
                <button type="button" className="btn btn-link text-start w-100" onClick={() => show(place)}>
                  <span className="d-block fw-semibold" {...DATA_TEXT}>
                    {place.title}
                  </span>
                  <span className="small text-body-secondary" {...DATA_TEXT}>
                    {place.info || `${place.lat.toFixed(4)}, ${place.lng.toFixed(4)}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    );
  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {content}
    </ScreenFrame>
  );
}
