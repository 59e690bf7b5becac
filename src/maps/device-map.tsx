import 'maplibre-gl/dist/maplibre-gl.css';
import { WebMercatorViewport, type MapViewState, type PickingInfo } from '@deck.gl/core';
import { HeatmapLayer } from '@deck.gl/aggregation-layers';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Map as BaseMap, type MapRef } from 'react-map-gl/maplibre';
import styled from 'styled-components';
import type { DeviceStatus } from '../../contracts/device.ts';
import type { MapTilesConfig } from '../../contracts/map.ts';
import { basemapStyle, type BasemapUrls } from './basemap-style.ts';
import { boundsOf, DeviceClusters, type MapMark, type MapPoint } from './clusters.ts';
import type { MapTheme } from './themes.ts';
import { rgbOf, valueColour, type Rgb } from './value-scale.ts';

// maplibre's worker, from the built files (it works offline with them).
setWorkerUrl(workerUrl);

/** Where a map looks when it has no device to look at: Denmark. */
const DENMARK: MapViewState = { longitude: 10.4, latitude: 56.1, zoom: 5.6 };
/**
 * The closest a map fits its devices: over the operator's tiles, a street; on
 * the shipped Natural Earth basemap, whose coasts are drawn at 1:50m, a town
 * (closer, a device on land would seem to stand in the sea).
 */
const fitMaxZoom = (tiles: MapTilesConfig | null) => (tiles ? Math.min(16, tiles.maxZoom) : 12);
const DEVICE_RADIUS = 7;

export interface DeviceMapProps {
  /** The devices to draw: calibrated, with a place. */
  points: readonly MapPoint[];
  theme: MapTheme;
  basemap: BasemapUrls;
  tiles: MapTilesConfig | null;
  /** The status colours, '#rrggbb'. */
  colours: Record<DeviceStatus, string>;
  /** A heat map, each device weighted by its number; null draws the devices. */
  heat?: ReadonlyMap<number, number> | null | undefined;
  /** A map chart: each device coloured by its value over the domain. */
  values?: { byDevice: ReadonlyMap<number, number>; domain: [number, number] } | null | undefined;
  /** The tooltip of a mark. */
  describe: (mark: MapMark, value: number | undefined) => string;
  /** A device mark was clicked. */
  onOpen?: ((deviceId: number) => void) | undefined;
  /** The one device may be moved: dragged, or put where the map is clicked. */
  onMove?: ((lat: number, lng: number) => void) | undefined;
  /** Where the map looks first when not around its devices. */
  center?: { lat: number; lng: number } | null | undefined;
  /** Accessible name of the map. */
  label: string;
  /** Each frame deck.gl has drawn (benchmarks time the first). */
  onAfterRender?: (() => void) | undefined;
}

const Frame = styled.div`
  position: relative;
  width: 100%;
  height: 100%;
  min-height: 200px;
  overflow: hidden;
  border-radius: 8px;
  /* maplibre's attribution, readable on every theme. */
  .maplibregl-ctrl-attrib {
    font-size: 11px;
  }
`;

/** The view that shows all points, for a map of this size. */
function fittedView(
  points: readonly { lat: number; lng: number }[],
  size: { width: number; height: number },
  center: { lat: number; lng: number } | null | undefined,
  maxZoom: number,
): MapViewState {
  const bounds = boundsOf(points);
  if (center && (!bounds || points.length > 1))
    return { longitude: center.lng, latitude: center.lat, zoom: Math.min(maxZoom, 11) };
  if (!bounds) return DENMARK;
  const [[west, south], [east, north]] = bounds;
  if (east - west < 1e-4 && north - south < 1e-4)
    return { longitude: west, latitude: south, zoom: maxZoom };
  const padding = Math.max(0, Math.min(48, Math.floor(Math.min(size.width, size.height) / 6)));
  const { longitude, latitude, zoom } = new WebMercatorViewport({
    width: Math.max(1, size.width),
    height: Math.max(1, size.height),
  }).fitBounds(bounds, { padding, maxZoom });
  return { longitude, latitude, zoom };
}

/**
 * A map of devices (deck.gl over maplibre): each device a dot in its status
 * colour, grouped into counted clusters where they crowd, or a heat map, or a
 * map chart (each device coloured by its value). Clicking a cluster zooms in;
 * clicking a device opens it. With `onMove` the one device can be dragged.
 */
export default function DeviceMap(props: DeviceMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [bounds, setBounds] = useState('');
  const [basemap, setBasemap] = useState('');
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Frame
      ref={frame}
      role="region"
      aria-label={props.label}
      data-map-theme={props.theme.id}
      data-bounds={bounds || undefined}
      data-basemap={basemap || undefined}
    >
      {size && size.width > 0 && size.height > 0 ? (
        <DeckMap
          {...props}
          size={size}
          onWhere={(shown, under) => {
            setBounds(shown);
            setBasemap(under);
          }}
        />
      ) : null}
    </Frame>
  );
}

function DeckMap({
  points,
  theme,
  basemap,
  tiles,
  colours,
  heat,
  values,
  describe,
  onOpen,
  onMove,
  center,
  size,
  onWhere,
  onAfterRender,
}: DeviceMapProps & {
  size: { width: number; height: number };
  onWhere: (bounds: string, basemap: string) => void;
}) {
  // The first view fits the devices; after that the user's panning and zooming rule.
  const [view, setView] = useState<MapViewState>(() =>
    fittedView(points, size, center, fitMaxZoom(tiles)),
  );
  const [dragging, setDragging] = useState<[number, number] | null>(null);
  // Where the user last put the device on this map (a pick): the point that comes back.
  const [picked, setPicked] = useState<{ lat: number; lng: number } | null>(null);
  const pick = (lat: number, lng: number) => {
    setPicked({ lat, lng });
    onMove?.(lat, lng);
  };
  // The view follows new points here, while rendering (not in an effect, which would draw
  // the old view first).
  const [placed, setPlaced] = useState({ points, fitted: points.length > 0 });
  if (placed.points !== points) {
    setPlaced({ points, fitted: placed.fitted || points.length > 0 });
    const [point] = points;
    // A place picked on the map comes back where the user put it: the view stays.
    const own =
      picked !== null &&
      point !== undefined &&
      Math.abs(point.lat - picked.lat) < 1e-5 &&
      Math.abs(point.lng - picked.lng) < 1e-5;
    if (point && !own && !placed.fitted) {
      // Devices that arrive after the map opened (a slow read) are brought into view once.
      setView(fittedView(points, size, center, fitMaxZoom(tiles)));
    } else if (point && !own && onMove) {
      // A place read from the phone or typed in: the map goes to it, close up.
      const close = fittedView(points, size, center, fitMaxZoom(tiles));
      setView({
        ...view,
        longitude: close.longitude,
        latitude: close.latitude,
        zoom: Math.max(view.zoom, close.zoom),
      });
    }
  }

  const mapStyle = useMemo(() => basemapStyle(theme, basemap, tiles), [theme, basemap, tiles]);
  const clusters = useMemo(
    () => (onMove || values ? null : new DeviceClusters(points)),
    [points, onMove, values],
  );
  const viewport = useMemo(
    () => new WebMercatorViewport({ ...view, width: size.width, height: size.height }),
    [view, size],
  );
  // What the map shows, [west, south, east, north], on its frame (read by tests and tools).
  const basemapRef = useRef<MapRef>(null);
  // What the map shows, on its frame: deck.gl's bounds [west, south, east, north] and the
  // basemap's zoom and centre, which lie under them (read by tests and tools).
  const report = () => {
    const map = basemapRef.current;
    onWhere(
      viewport
        .getBounds()
        .map((n) => n.toFixed(4))
        .join(','),
      map
        ? `${map.getZoom().toFixed(2)} ${map
            .getCenter()
            .toArray()
            .map((n) => n.toFixed(4))
            .join(',')}`
        : '',
    );
  };
  useEffect(report);
  const marks = useMemo<MapMark[]>(() => {
    if (clusters) return clusters.marks(viewport.getBounds(), view.zoom);
    return points.map((device) => ({
      kind: 'device',
      position: dragging && onMove ? dragging : ([device.lng, device.lat] as [number, number]),
      device,
    }));
  }, [clusters, viewport, view.zoom, points, dragging, onMove]);

  const statusRgb = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(colours).map(([status, hex]) => [status, rgbOf(hex)]),
      ) as Record<DeviceStatus, Rgb>,
    [colours],
  );
  const outline: Rgb = theme.dark ? [20, 20, 24] : [255, 255, 255];
  const none: Rgb = theme.dark ? [170, 170, 178] : [110, 110, 118];
  const valueOf = (mark: MapMark) =>
    mark.kind === 'device' ? values?.byDevice.get(mark.device.id) : undefined;
  const fill = (mark: MapMark): [number, number, number, number] => {
    if (values) {
      const value = valueOf(mark);
      return value === undefined ? [...none, 120] : [...valueColour(value, values.domain), 235];
    }
    const status = mark.kind === 'cluster' ? mark.status : mark.device.status;
    return status === 'none' ? [...none, 230] : [...statusRgb[status], 235];
  };

  const layers = heat
    ? [
        new HeatmapLayer<MapPoint>({
          id: 'heat',
          data: points as MapPoint[],
          getPosition: (d) => [d.lng, d.lat],
          getWeight: (d) => Math.max(0, heat.get(d.id) ?? 0),
          radiusPixels: 40,
          aggregation: 'SUM',
        }),
      ]
    : [
        new ScatterplotLayer<MapMark>({
          id: 'marks',
          data: marks,
          pickable: true,
          stroked: true,
          radiusUnits: 'pixels',
          lineWidthUnits: 'pixels',
          getPosition: (mark) => mark.position,
          getRadius: (mark) =>
            mark.kind === 'cluster'
              ? 12 + Math.min(16, Math.log2(mark.count) * 2.5)
              : DEVICE_RADIUS + (onMove ? 4 : 0),
          getFillColor: fill,
          getLineColor: outline,
          getLineWidth: (mark) => (mark.kind === 'cluster' ? 3 : 2),
          updateTriggers: { getFillColor: [statusRgb, values, theme.dark] },
          onDragStart: () => {
            if (!onMove) return false;
            setDragging([points[0]?.lng ?? 0, points[0]?.lat ?? 0]);
            return true;
          },
          onDrag: (info) => {
            if (!onMove || !info.coordinate) return false;
            const [lng = 0, lat = 0] = info.coordinate;
            setDragging([lng, lat]);
            return true;
          },
          onDragEnd: (info) => {
            if (!onMove) return false;
            const [lng, lat] = info.coordinate ?? dragging ?? [];
            setDragging(null);
            if (lat !== undefined && lng !== undefined) pick(lat, lng);
            return true;
          },
        }),
        new TextLayer<MapMark>({
          id: 'counts',
          data: marks.filter((mark) => mark.kind === 'cluster'),
          getPosition: (mark) => mark.position,
          getText: (mark) => (mark.kind === 'cluster' ? compactCount(mark.count) : ''),
          getSize: 12,
          getColor: [255, 255, 255],
          fontWeight: 700,
          outlineWidth: 2,
          outlineColor: [0, 0, 0, 160],
          fontSettings: { sdf: true },
          characterSet: '0123456789.k+',
        }),
      ];

  const onClick = (info: PickingInfo<MapMark>) => {
    const mark = info.object;
    if (!mark) {
      if (onMove && info.coordinate) {
        const [lng = 0, lat = 0] = info.coordinate;
        pick(lat, lng);
      }
      return;
    }
    if (mark.kind === 'cluster' && clusters) {
      const [longitude, latitude] = mark.position;
      setView({
        ...view,
        longitude,
        latitude,
        zoom: Math.min(18, clusters.expansionZoom(mark.id) + 0.5),
      });
      return;
    }
    if (mark.kind === 'device') onOpen?.(mark.device.id);
  };

  return (
    <DeckGL
      viewState={view}
      // deck.gl calls its own default unless given one: never pass it undefined.
      {...(onAfterRender ? { onAfterRender } : {})}
      onViewStateChange={({ viewState }) => setView(viewState as MapViewState)}
      controller={{ dragPan: dragging === null, doubleClickZoom: !onMove }}
      layers={layers}
      onClick={onClick}
      getCursor={({ isHovering, isDragging }) =>
        dragging
          ? 'grabbing'
          : isHovering
            ? onMove
              ? 'grab'
              : 'pointer'
            : isDragging
              ? 'grabbing'
              : onMove
                ? 'crosshair'
                : 'grab'
      }
      getTooltip={(info: PickingInfo<MapMark>) =>
        info.object
          ? {
              text: describe(info.object, valueOf(info.object)),
              style: {
                fontSize: '13px',
                borderRadius: '6px',
                padding: '6px 8px',
                background: theme.dark ? '#f2f2f2' : '#1f1f24',
                color: theme.dark ? '#111' : '#fff',
              },
            }
          : null
      }
    >
      {/* The basemap follows deck.gl's view, from the first frame on. */}
      <BaseMap
        ref={basemapRef}
        onRender={report}
        longitude={view.longitude}
        latitude={view.latitude}
        zoom={view.zoom}
        pitch={view.pitch ?? 0}
        bearing={view.bearing ?? 0}
        mapStyle={mapStyle}
        reuseMaps={false}
        attributionControl={{ compact: size.width < 500 }}
      />
    </DeckGL>
  );
}

/** 1234 → 1.2k, so a cluster's count fits its circle. */
function compactCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(count / 1000).toFixed(1)}k`;
  return `${Math.round(count / 1000)}k`;
}
