// The configuration of the composite screens and the demo pages: plain data, as an administrator
// would write it with ConfigMenu/SaveScreen. Renderers read it (screen-config.md and the section
// "Forms and composite screens" of docs/decisions.md).
import { DEMO_PRODUCTS } from '../modules/demo/service';
import { SALE_REGIONS } from '../modules/resources/declarations/sales';

export type SeedScreen = {
  screenCode: string;
  uiUrl?: string;
  title: string;
  uiType: string;
  apiName?: string;
  apiMethod?: string;
  config?: Record<string, unknown>;
  requestData?: Record<string, unknown>;
  screenConfig?: Record<string, unknown>;
  uiTypeContents?: Record<string, unknown>;
  orderNo?: number;
  contents?: SeedScreen[];
};

const REGION_OPTIONS = SALE_REGIONS;
const PRODUCT_OPTIONS = DEMO_PRODUCTS.map(({ Value, Text }) => ({ Value, Text }));

const salesReport = (extra: Record<string, unknown> = {}) => ({
  Filter: {
    items: [
      { fieldName: 'Region', type: 'select', title: 'Region', optionKey: 'Region' },
      { fieldName: 'Channel', type: 'select', title: 'Channel', optionKey: 'Channel' },
      { fieldName: 'Customer', type: 'search', title: 'Customer' },
      { fieldName: 'SoldOn', type: 'daterange', title: 'Date' },
    ],
  },
  Report: {
    columns: ['SoldOn', 'Region', 'Channel', 'Customer', 'Quantity', 'Amount'],
    totals: ['Quantity', 'Amount'],
    pageSize: 500,
  },
  ...extra,
});

const eventsReport = {
  Filter: {
    items: [
      { fieldName: 'Category', type: 'select', title: 'Category', optionKey: 'Category' },
      { fieldName: 'Title', type: 'search', title: 'Title' },
    ],
  },
  Report: { columns: ['Title', 'Start', 'End', 'Category', 'Location'], pageSize: 500 },
};

const calendarConfig = {
  Calendar: {
    fStart: 'Start',
    fEnd: 'End',
    fTitle: 'Title',
    fColor: 'Color',
    fAllDay: 'AllDay',
    initialView: 'dayGridMonth',
    editable: true,
  },
};

const mapConfig = {
  Map: {
    fLat: 'Latitude',
    fLng: 'Longitude',
    fTitle: 'Name',
    fInfo: 'Address',
    center: [16.05, 106.2],
    zoom: 5,
    height: 420,
    // No tile server by default: a closed network has none. Set e.g. a local server's
    // "http://tiles.local/{z}/{x}/{y}.png" here.
    tileUrl: '',
    attribution: '',
  },
};

const chart = (
  title: string,
  chartType: string,
  apiMethod: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  UIType: 'chart',
  Title: title,
  Config: { APIName: 'Stats', APIMethod: apiMethod, Chart: { chartType, height: 260, ...extra } },
});

const numberWidget = (title: string, field: string, format: string) => ({
  UIType: 'chart',
  Title: title,
  Config: {
    APIName: 'Stats',
    APIMethod: 'Totals',
    Chart: { chartType: 'number', fY: [field], fLabel: title, format },
  },
});

/** Every control type of the form engine, for /demo/formcontrol. */
const everyControl = [
  { fieldName: 'Text', label: 'Text', type: 'text', more: { placeHolder: 'Any text' } },
  { fieldName: 'Textarea', label: 'Text area', type: 'textarea' },
  { fieldName: 'Number', label: 'Number', type: 'number', more: { min: 0, max: 100, allowDecimal: false } },
  { fieldName: 'Money', label: 'Money', type: 'money', more: { min: 0 } },
  { fieldName: 'Date', label: 'Date', type: 'date' },
  { fieldName: 'DateTime', label: 'Date and time', type: 'datetime' },
  { fieldName: 'Time', label: 'Time', type: 'time' },
  { fieldName: 'Select', label: 'Select', type: 'select', optionKey: 'Region' },
  {
    fieldName: 'MultiSelect',
    label: 'Multi-select',
    type: 'multiselect',
    optionKey: 'Region',
    separator: ',',
  },
  { fieldName: 'Checkbox', label: 'Checkbox', type: 'checkbox' },
  { fieldName: 'Switch', label: 'Switch', type: 'switch' },
  { fieldName: 'Radio', label: 'Radio', type: 'radio', optionKey: 'Region' },
  { fieldName: 'Colour', label: 'Colour', type: 'color', default: '#057e38' },
  { fieldName: 'Tags', label: 'Tags', type: 'tag' },
  { fieldName: 'File', label: 'File', type: 'file' },
  { fieldName: 'Photo', label: 'Photo', type: 'photo' },
  { fieldName: 'RichText', label: 'Rich text', type: 'richtext' },
  { fieldName: 'Json', label: 'JSON', type: 'json', default: { size: 'M' } },
  { fieldName: 'Password', label: 'Password', type: 'password' },
];

/** The order form of /demo/form: conditions, required fields, an after-change call, server rules. */
const orderForm = {
  path: 'Demo',
  name: 'FormSave',
  defaultValues: { FormCode: 'order' },
  options: { Region: REGION_OPTIONS, Product: PRODUCT_OPTIONS },
  afterChange: {
    Product: { path: 'Demo', name: 'FormAfterChange', request: { Field: 'Product' } },
    Quantity: { path: 'Demo', name: 'FormAfterChange', request: { Field: 'Quantity' } },
  },
  controls: [
    { fieldName: 'Customer', label: 'Customer', type: 'text', required: true },
    { fieldName: 'Region', label: 'Region', type: 'select', optionKey: 'Region', required: true },
    {
      fieldName: 'Kind',
      label: 'Kind of request',
      type: 'radio',
      default: 'standard',
      more: {
        options: [
          { Value: 'standard', Text: 'Standard' },
          { Value: 'express', Text: 'Express' },
          { Value: 'other', Text: 'Other' },
        ],
      },
    },
    {
      fieldName: 'Reason',
      label: 'Reason',
      type: 'textarea',
      required: true,
      conditionShow: [{ fieldName: 'Kind', op: 'eq', value: 'other' }],
    },
    { fieldName: 'Product', label: 'Product', type: 'select', optionKey: 'Product' },
    {
      fieldName: 'Quantity',
      label: 'Quantity',
      type: 'number',
      required: true,
      default: 1,
      more: { min: 1, max: 1000, allowDecimal: false, allowNegative: false },
    },
    { fieldName: 'UnitPrice', label: 'Unit price', type: 'money' },
    { fieldName: 'Total', label: 'Total', type: 'money', disabled: true },
    { fieldName: 'DeliveryDate', label: 'Delivery date', type: 'date' },
    {
      fieldName: 'Express',
      label: 'Express delivery time',
      type: 'time',
      hide: [{ fieldName: 'Kind', op: 'ne', value: 'express' }],
    },
    { fieldName: 'Notes', label: 'Notes', type: 'richtext' },
  ],
};

const surveyForm = {
  path: 'Demo',
  name: 'FormSave',
  defaultValues: { FormCode: 'survey' },
  controls: [
    { fieldName: 'Name', label: 'Your name (optional)', type: 'text' },
    {
      fieldName: 'Rating',
      label: 'How do you rate the console?',
      type: 'radio',
      required: true,
      more: { options: [1, 2, 3, 4, 5].map((n) => ({ Value: n, Text: String(n) })) },
    },
    {
      fieldName: 'Recommend',
      label: 'Would you recommend it?',
      type: 'select',
      required: true,
      more: {
        options: [
          { Value: 'yes', Text: 'Yes' },
          { Value: 'maybe', Text: 'Maybe' },
          { Value: 'no', Text: 'No' },
        ],
      },
    },
    {
      fieldName: 'Topics',
      label: 'What do you use most?',
      type: 'multiselect',
      more: {
        options: [
          { Value: 'tables', Text: 'Tables' },
          { Value: 'forms', Text: 'Forms' },
          { Value: 'charts', Text: 'Charts' },
          { Value: 'calendar', Text: 'Calendar' },
        ],
      },
    },
    {
      fieldName: 'Comment',
      label: 'What should we improve?',
      type: 'textarea',
      conditionShow: [{ fieldName: 'Recommend', op: 'in', value: ['maybe', 'no'] }],
    },
  ],
};

const payslipHtml = `<table class="table table-sm w-auto"><caption>Pay slip, this month</caption>
<tbody><tr><th scope="row">Base salary</th><td>18.000.000</td></tr>
<tr><th scope="row">Allowance</th><td>2.500.000</td></tr>
<tr><th scope="row">Insurance</th><td>-1.890.000</td></tr>
<tr><th scope="row">Net pay</th><td><strong>18.610.000</strong></td></tr></tbody></table>`;

/** Screens that are routes of their own (and so menu entries), with their contents. */
export const WORKSPACE_SCREENS: SeedScreen[] = [
  {
    screenCode: 'calendar',
    uiUrl: '/calendar',
    title: 'Calendar',
    uiType: 'calendar',
    apiName: 'Event',
    screenConfig: calendarConfig,
    orderNo: 100,
  },
  {
    screenCode: 'map',
    uiUrl: '/map',
    title: 'Map',
    uiType: 'map',
    apiName: 'Place',
    screenConfig: mapConfig,
    orderNo: 110,
  },
  { screenCode: 'file-manager', uiUrl: '/file-manager', title: 'Files', uiType: 'filemanager', orderNo: 120 },
  {
    screenCode: 'sales-report',
    uiUrl: '/reports/sales',
    title: 'Sales report',
    uiType: 'report',
    apiName: 'Sale',
    screenConfig: salesReport(),
    orderNo: 130,
  },
  {
    screenCode: 'workspace',
    uiUrl: '/workspace',
    title: 'Workspace',
    uiType: 'tab',
    orderNo: 140,
    contents: [
      {
        screenCode: 'workspace-sales',
        title: 'Sales',
        uiType: 'report',
        apiName: 'Sale',
        config: { showCount: true },
        requestData: { Tab: 'sales' },
        screenConfig: salesReport(),
        orderNo: 1,
      },
      {
        screenCode: 'workspace-events',
        title: 'Events',
        uiType: 'report',
        apiName: 'Event',
        config: { showCount: true },
        requestData: { Tab: 'events' },
        screenConfig: eventsReport,
        orderNo: 2,
      },
      {
        screenCode: 'workspace-products',
        title: 'Products',
        uiType: 'table',
        apiName: 'Product',
        config: { showCount: true },
        orderNo: 3,
      },
      {
        screenCode: 'workspace-calendar',
        title: 'Calendar',
        uiType: 'calendar',
        apiName: 'Event',
        screenConfig: calendarConfig,
        orderNo: 4,
      },
    ],
  },
  {
    screenCode: 'dashboard',
    uiUrl: '/dashboard',
    title: 'Dashboard',
    uiType: 'dashboard',
    orderNo: 150,
    uiTypeContents: {
      columns: 12,
      widgets: [
        { x: 0, y: 0, w: 3, h: 2, ...numberWidget('Sales', 'Sales', '0,0') },
        { x: 3, y: 0, w: 3, h: 2, ...numberWidget('Revenue', 'Revenue', '0,0.[00]') },
        { x: 6, y: 0, w: 3, h: 2, ...numberWidget('Events', 'Events', '0,0') },
        { x: 9, y: 0, w: 3, h: 2, ...numberWidget('Places', 'Places', '0,0') },
        { x: 0, y: 2, w: 8, h: 5, ScreenCode: 'dashboard-sales-by-month' },
        { x: 8, y: 2, w: 4, h: 5, ...chart('Sales by region', 'doughnut', 'SalesByRegion') },
        { x: 0, y: 7, w: 12, h: 6, ScreenCode: 'dashboard-recent-sales' },
      ],
    },
    contents: [
      {
        screenCode: 'dashboard-sales-by-month',
        title: 'Sales by month',
        uiType: 'chart',
        apiName: 'Stats',
        apiMethod: 'SalesByMonth',
        screenConfig: { Chart: { chartType: 'line', fX: 'Month', fY: ['Amount'], height: 260 } },
        orderNo: 1,
      },
      {
        screenCode: 'dashboard-recent-sales',
        title: 'Recent sales',
        uiType: 'table',
        apiName: 'Sale',
        orderNo: 2,
      },
    ],
  },
];

/** The configured screens behind the demo pages of part 1 section 2 (`/demo/*`). */
export const DEMO_SCREENS: SeedScreen[] = [
  {
    screenCode: 'demo_formcontrol',
    uiUrl: '/demo/formcontrol',
    title: 'Form controls',
    uiType: 'myform',
    orderNo: 500,
    screenConfig: {
      Form: {
        path: 'Demo',
        name: 'FormSave',
        defaultValues: { FormCode: 'controls' },
        options: { Region: REGION_OPTIONS },
        showValues: true,
        controls: everyControl,
      },
    },
  },
  {
    screenCode: 'demo_form',
    uiUrl: '/demo/form',
    title: 'Order form',
    uiType: 'myform',
    orderNo: 510,
    screenConfig: { Form: orderForm },
  },
  {
    screenCode: 'demo_survey',
    uiUrl: '/demo/survey',
    title: 'Survey',
    uiType: 'myform',
    orderNo: 520,
    screenConfig: { Form: surveyForm },
  },
  {
    screenCode: 'demo_buttonlist',
    uiUrl: '/demo/buttonlist',
    title: 'Button list',
    uiType: 'buttonlist',
    orderNo: 530,
    screenConfig: {
      Header: {
        buttonList: [
          {
            title: 'Ping the server',
            icon: 'broadcast',
            color: 'primary',
            api: { path: 'Demo', name: 'Action', request: { Action: 'ping' } },
          },
          {
            title: 'Server time',
            icon: 'clock',
            color: 'secondary',
            outline: true,
            api: { path: 'Demo', name: 'Action', request: { Action: 'time' } },
          },
          {
            title: 'A failing action',
            icon: 'exclamation-triangle',
            color: 'danger',
            outline: true,
            confirmMsg: 'Run an action that fails?',
            api: { path: 'Demo', name: 'Action', request: { Action: 'fail' } },
          },
        ],
      },
    },
  },
  {
    screenCode: 'demo_tablecell',
    uiUrl: '/demo/tablecell',
    title: 'Table cells',
    uiType: 'table',
    apiName: 'Product',
    orderNo: 540,
  },
  {
    screenCode: 'demo_tabletotal',
    uiUrl: '/demo/tabletotal',
    title: 'Table with totals',
    uiType: 'report',
    apiName: 'Sale',
    orderNo: 550,
    screenConfig: salesReport(),
  },
  {
    screenCode: 'demo_tablefilter',
    uiUrl: '/demo/tablefilter',
    title: 'Table filters',
    uiType: 'table',
    apiName: 'Product',
    orderNo: 560,
    screenConfig: {
      Filter: {
        show: true,
        items: [
          { fieldName: 'Name', type: 'search', title: 'Name' },
          { fieldName: 'CategoryId', type: 'select', title: 'Category', optionKey: 'Category' },
          { fieldName: 'Status', type: 'multiselect', title: 'Status', optionKey: 'Status' },
          { fieldName: 'IsActive', type: 'checkbox', title: 'Active' },
          { fieldName: 'ReleaseDate', type: 'daterange', title: 'Released' },
        ],
      },
    },
  },
  {
    screenCode: 'demo_table',
    uiUrl: '/demo/table',
    title: 'Table',
    uiType: 'table',
    apiName: 'Category',
    orderNo: 570,
  },
  {
    screenCode: 'demo_myui',
    uiUrl: '/demo/myui',
    title: 'Embedded screens',
    uiType: 'panel',
    orderNo: 580,
    screenConfig: { Panel: { columns: 2 } },
    contents: [
      {
        screenCode: 'demo_myui_intro',
        title: 'A content page',
        uiType: 'mypage',
        config: {
          html: '<p>Each box of this panel is a screen of its own, drawn by the renderer of its UI type: a page, a form, a chart and a protected pay slip.</p>',
        },
        orderNo: 1,
      },
      {
        screenCode: 'demo_myui_contact',
        title: 'Contact form',
        uiType: 'myform',
        orderNo: 2,
        screenConfig: {
          Form: {
            path: 'Demo',
            name: 'FormSave',
            defaultValues: { FormCode: 'contact' },
            controls: [
              { fieldName: 'Name', label: 'Name', type: 'text', required: true },
              { fieldName: 'Email', label: 'Email', type: 'text', required: true },
              { fieldName: 'Message', label: 'Message', type: 'textarea', required: true },
            ],
          },
        },
      },
      {
        screenCode: 'demo_myui_chart',
        title: 'Sales by channel',
        uiType: 'chart',
        apiName: 'Stats',
        apiMethod: 'SalesByChannel',
        screenConfig: { Chart: { chartType: 'bar', height: 240 } },
        orderNo: 3,
      },
      {
        screenCode: 'demo_myui_payslip',
        title: 'Pay slip',
        uiType: 'otp_protected',
        config: { message: 'Your pay slip is protected. Enter the code of your second factor to see it.' },
        orderNo: 4,
        contents: [
          {
            screenCode: 'demo_myui_payslip_content',
            title: 'Pay slip',
            uiType: 'mypage',
            config: { html: payslipHtml },
            orderNo: 1,
          },
        ],
      },
    ],
  },
  {
    screenCode: 'demo_libs',
    uiUrl: '/demo/libs',
    title: 'Libraries',
    uiType: 'panel',
    orderNo: 590,
    screenConfig: { Panel: { columns: 1 } },
    contents: [
      {
        screenCode: 'demo_libs_calendar',
        title: 'FullCalendar',
        uiType: 'calendar',
        apiName: 'Event',
        screenConfig: calendarConfig,
        orderNo: 1,
      },
      {
        screenCode: 'demo_libs_map',
        title: 'Leaflet',
        uiType: 'map',
        apiName: 'Place',
        screenConfig: mapConfig,
        orderNo: 2,
      },
      {
        screenCode: 'demo_libs_chart',
        title: 'Chart.js',
        uiType: 'chart',
        apiName: 'Stats',
        apiMethod: 'SalesByMonth',
        screenConfig: { Chart: { chartType: 'bar', fX: 'Month', fY: ['Amount', 'Quantity'], height: 260 } },
        orderNo: 3,
      },
    ],
  },
  {
    screenCode: 'demo_dashboard_one',
    uiUrl: '/demo/demo_dashboard_one',
    title: 'Dashboard one',
    uiType: 'dashboard',
    orderNo: 600,
    uiTypeContents: {
      columns: 12,
      widgets: [
        { x: 0, y: 0, w: 4, h: 2, ...numberWidget('Sales', 'Sales', '0,0') },
        { x: 4, y: 0, w: 4, h: 2, ...numberWidget('Revenue', 'Revenue', '0,0.[00]') },
        { x: 8, y: 0, w: 4, h: 2, ...numberWidget('Quantity', 'Quantity', '0,0') },
        {
          x: 0,
          y: 2,
          w: 6,
          h: 5,
          ...chart('Revenue by month', 'area', 'SalesByMonth', { fX: 'Month', fY: ['Amount'] }),
        },
        { x: 6, y: 2, w: 6, h: 5, ...chart('Sales by channel', 'pie', 'SalesByChannel') },
        { x: 0, y: 7, w: 12, h: 6, ScreenCode: 'demo_dashboard_one_events' },
      ],
    },
    contents: [
      {
        screenCode: 'demo_dashboard_one_events',
        title: 'Events',
        uiType: 'report',
        apiName: 'Event',
        screenConfig: eventsReport,
        orderNo: 1,
      },
    ],
  },
  {
    screenCode: 'demo_chartjs',
    uiUrl: '/demo/demo_chartjs',
    title: 'Chart.js charts',
    uiType: 'dashboard',
    orderNo: 610,
    uiTypeContents: {
      columns: 12,
      widgets: [
        { x: 0, y: 0, w: 6, h: 5, ...chart('Line', 'line', 'SalesByMonth', { fX: 'Month', fY: ['Amount'] }) },
        { x: 6, y: 0, w: 6, h: 5, ...chart('Bar', 'bar', 'SalesByRegion') },
        { x: 0, y: 5, w: 4, h: 5, ...chart('Pie', 'pie', 'SalesByChannel') },
        { x: 4, y: 5, w: 4, h: 5, ...chart('Doughnut', 'doughnut', 'SalesByRegion') },
        {
          x: 8,
          y: 5,
          w: 4,
          h: 5,
          ...chart('Area', 'area', 'SalesByMonth', { fX: 'Month', fY: ['Quantity'] }),
        },
        { x: 0, y: 10, w: 8, h: 5, ...chart('Column', 'column', 'ProductsByCategory') },
        { x: 8, y: 10, w: 4, h: 2, ...numberWidget('Number', 'Sales', '0,0') },
      ],
    },
  },
  {
    screenCode: 'demo_ggchart',
    uiUrl: '/demo/demo_ggchart',
    title: 'Google-style charts',
    uiType: 'dashboard',
    orderNo: 620,
    uiTypeContents: {
      columns: 12,
      widgets: [
        { x: 0, y: 0, w: 6, h: 5, ...chart('Column chart', 'column', 'SalesByRegion', { style: 'google' }) },
        {
          x: 6,
          y: 0,
          w: 6,
          h: 5,
          ...chart('Area chart', 'area', 'SalesByMonth', {
            fX: 'Month',
            fY: ['Amount', 'Quantity'],
            style: 'google',
          }),
        },
        { x: 0, y: 5, w: 6, h: 5, ...chart('Pie chart', 'pie', 'SalesByRegion', { style: 'google' }) },
        {
          x: 6,
          y: 5,
          w: 6,
          h: 5,
          ...chart('Line chart', 'line', 'SalesByMonth', { fX: 'Month', fY: ['Quantity'], style: 'google' }),
        },
      ],
    },
  },
];
