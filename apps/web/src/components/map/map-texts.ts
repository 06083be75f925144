/**
 * The map's own words, in both languages. They travel in the map's lazy chunk (not in the shared texts that
 * every first screen loads), so a screen without a map downloads none of them.
 */
export const mapTextsEn = {
  region: "Map: {{label}}",
  toolbar: "Map tools",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  drawPolygon: "Draw area",
  drawPolygonHelp: "Click the map to add corners, click the first corner to finish. From the keyboard a square is added at the centre.",
  drawCircle: "Draw circle",
  drawCircleHelp: "Click the centre, then drag out the radius. From the keyboard a circle is added at the centre.",
  edit: "Edit shapes",
  remove: "Remove by clicking",
  clear: "Clear all",
  confirmClear: "Remove every shape from the map?",
  locate: "Locate me",
  locating: "Finding where you are…",
  locateFailed: "Your location is not available: {{reason}}",
  mapType: "Map type",
  standard: "Map",
  plain: "Plain",
  heat: "Heat map",
  search: "Find a place",
  searchPlaceholder: "Province or one of your addresses",
  searchProvinces: "Provinces",
  searchAddresses: "Your addresses",
  noPlace: "No place matches",
  tilesFailed: "Map tiles could not be loaded: shapes are drawn on a plain background.",
  noTiles: "No map tiles are configured: shapes are drawn on a plain background.",
  overviewShow: "Show overview map",
  overviewHide: "Hide overview map",
  shapes: "Shapes on the map",
  noShapes: "No shape yet: draw an area or a circle.",
  polygonRow: "Area {{n}}: {{points}} corners",
  circleRow: "Circle {{n}}",
  radius: "Radius of circle {{n}} (m)",
  centreLat: "Latitude of circle {{n}}",
  centreLng: "Longitude of circle {{n}}",
  removeShape: "Remove {{shape}}",
  thinned: "The area had {{from}} corners; it was simplified to {{to}} (the limit is {{limit}}).",
  pointHelp: "Click the map or drag the marker to place the point.",
  pointMarker: "The chosen point",
  clearPoint: "Clear the point",
  problem: {
    tooFewPoints: "Area {{n}} needs at least {{limit}} corners",
    tooManyPoints: "Area {{n}} has more than {{limit}} corners",
    radiusOutOfRange: "Circle {{n}} must have a radius from 10 m to 100 km",
  },
};

export type MapTexts = typeof mapTextsEn;

export const mapTextsZh: MapTexts = {
  region: "地图：{{label}}",
  toolbar: "地图工具",
  zoomIn: "放大",
  zoomOut: "缩小",
  drawPolygon: "绘制区域",
  drawPolygonHelp: "在地图上点击添加顶点，点击第一个顶点完成。使用键盘时在地图中心添加一个正方形。",
  drawCircle: "绘制圆形",
  drawCircleHelp: "点击圆心后拖出半径。使用键盘时在地图中心添加一个圆形。",
  edit: "编辑图形",
  remove: "点击删除图形",
  clear: "全部清除",
  confirmClear: "删除地图上的所有图形？",
  locate: "定位到我",
  locating: "正在定位…",
  locateFailed: "无法获取您的位置：{{reason}}",
  mapType: "地图类型",
  standard: "地图",
  plain: "空白",
  heat: "热力图",
  search: "查找地点",
  searchPlaceholder: "省份或您的地址",
  searchProvinces: "省份",
  searchAddresses: "您的地址",
  noPlace: "没有匹配的地点",
  tilesFailed: "地图瓦片无法加载：图形绘制在空白底图上。",
  noTiles: "未配置地图瓦片：图形绘制在空白底图上。",
  overviewShow: "显示鹰眼图",
  overviewHide: "隐藏鹰眼图",
  shapes: "地图上的图形",
  noShapes: "还没有图形：请绘制区域或圆形。",
  polygonRow: "区域 {{n}}：{{points}} 个顶点",
  circleRow: "圆形 {{n}}",
  radius: "圆形 {{n}} 的半径（米）",
  centreLat: "圆形 {{n}} 的纬度",
  centreLng: "圆形 {{n}} 的经度",
  removeShape: "删除{{shape}}",
  thinned: "该区域有 {{from}} 个顶点，已简化为 {{to}} 个（上限 {{limit}} 个）。",
  pointHelp: "点击地图或拖动标记来放置位置。",
  pointMarker: "所选位置",
  clearPoint: "清除位置",
  problem: {
    tooFewPoints: "区域 {{n}} 至少需要 {{limit}} 个顶点",
    tooManyPoints: "区域 {{n}} 的顶点超过 {{limit}} 个",
    radiusOutOfRange: "圆形 {{n}} 的半径须在 10 米到 100 公里之间",
  },
};

type Leaf<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaf<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MapTextKey = Leaf<MapTexts>;

/** One map text in `lang`, with `{{name}}` filled from `params`. */
export function mapText(lang: string, key: MapTextKey, params: Record<string, string | number> = {}): string {
  let node: unknown = lang === "zh" ? mapTextsZh : mapTextsEn;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
