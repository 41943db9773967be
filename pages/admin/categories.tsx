/**
 * /admin/categories: owners and managers change a category's title, intro, SEO description,
 * navigation group and order, and each featured group's title and products; shoppers see the
 * change on their next request. Others go back to the board; not signed in: on to /admin/login.
 * Private, never cached, never indexed.
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { AdminFrame } from '@/components/admin/admin-frame';
import { SectionTabs } from '@/components/admin/section-tabs';
import { CategoryList } from '@/components/admin/categories/category-list';
import { FeaturedGroups } from '@/components/admin/categories/featured-groups';
import type { StaffMe } from '@/lib/contracts/staff';
import { getConfig } from '@/lib/server/config';
import { backOfficeVisitor } from '@/lib/server/staff-page';

type Props = { brand: string; staff: StaffMe };

export const getServerSideProps = (async ({ req, res }) => {
  const staff = await backOfficeVisitor(req, res);
  if (!staff) return { redirect: { destination: '/admin/login', permanent: false } };
  if (staff.role !== 'owner' && staff.role !== 'manager') return { redirect: { destination: '/admin', permanent: false } };
  return { props: { brand: getConfig().brandName, staff } };
}) satisfies GetServerSideProps<Props>;

export default function AdminCategories({ brand, staff }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <AdminFrame title="Categories" brand={brand} member={staff} current="products" wide>
      <SectionTabs section="products" current="/admin/categories" />
      <CategoryList />
      <FeaturedGroups />
    </AdminFrame>
  );
}
