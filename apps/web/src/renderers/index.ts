// The screen renderers of the product: one registration per page type, each loaded on first use.
// A new UI type is one line here plus its folder.
import { installScreenRenderer } from '../components/embedded-screen/embedded-screen';
import { registerPrefetch, registerRenderer } from './registry';
import { ScreenRenderer } from './screen-renderer';

registerRenderer('mypage', () => import('./page/page-screen'));
registerRenderer('myform', () => import('./form/form-screen'));
registerRenderer('form', () => import('./form/form-screen'));
registerRenderer('admin_tab', () => import('./tab/tab-screen'));
registerRenderer('admin_panel', () => import('./panel/panel-screen'));
registerRenderer('admin_dashboard', () => import('./dashboard/dashboard-screen'));
registerRenderer('chart', () => import('./chart/chart-screen'));
registerRenderer('report', () => import('./report/report-screen'));
registerRenderer('calendar', () => import('./calendar/calendar-screen'));
registerRenderer('map', () => import('./map/map-screen'));
registerRenderer('filemanager', () => import('./filemanager/file-manager-screen'));
registerRenderer('myprofile', () => import('./profile/profile-screen'));
registerRenderer('buttonlist', () => import('./buttonlist/button-list-screen'));
registerRenderer('otp_protected', () => import('./otp-protected/otp-protected-screen'));
registerRenderer('admin_table', () => import('./table/table-screen'));
registerRenderer('admin_table_list', () =>
  import('./table/table-screen').then((m) => ({ default: m.AdminTableList })),
);
registerRenderer('admin_table_list_card', () =>
  import('./table/table-screen').then((m) => ({ default: m.AdminTableListCard })),
);
registerRenderer('admin_record', () =>
  import('./table/table-screen').then((m) => ({ default: m.AdminRecord })),
);
registerRenderer('admin_table_grid_card', () =>
  import('./table/table-screen').then((m) => ({ default: m.AdminTableGridCard })),
);
for (const table of ['admin_table', 'admin_table_list', 'admin_table_list_card', 'admin_table_grid_card']) {
  registerPrefetch(table, (screen) => {
    void import('./table/prefetch-screen').then((m) => m.prefetchTableScreen(screen));
  });
}

// The project-management module: page types over the project resources.
registerRenderer('prjmanager', () => import('./project/project-manager-screen'));
registerRenderer('prj_flow', () => import('./project/project-board-screen'));
registerRenderer('prj_info', () => import('./project/project-overview-screen'));
registerRenderer('prj_schedule', () => import('./project/project-schedule-screen'));
registerRenderer('prj_api', () => import('./project/project-api-screen'));
for (const table of ['prj_task', 'prj_releases', 'prj_infoenv', 'prj_users', 'prj_dailytask']) {
  registerRenderer(table, () => import('./project/alias-screen').then((m) => ({ default: m.ProjectTable })));
}
registerRenderer('prj_dailytask_detail', () => import('./project/task-page-screen'));

// Cells, row expansions and modals draw embedded screens through the same renderer.
installScreenRenderer(ScreenRenderer);
