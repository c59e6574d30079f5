import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The staff console (basename /console/). The login page stands alone; every other page is inside
 * the console layout, whose loader sends a browser without a staff session to login. The menu
 * (lib/menu.tsx) lists these pages with the permission each needs.
 */
export default [
  route("login", "routes/login.tsx"),
  layout("layouts/console.tsx", [
    index("routes/home.tsx"),
    // 概况
    route("overview", "routes/overview.tsx"),
    // 商品
    route("goods", "routes/goods/list.tsx"),
    route("goods/add", "routes/goods/edit.tsx", { id: "goods-add" }),
    route("goods/edit/:goodsId", "routes/goods/edit.tsx", { id: "goods-edit" }),
    route("goods/category", "routes/goods/category.tsx"),
    route("goods/brand", "routes/goods/brand.tsx"),
    route("goods/service", "routes/goods/service.tsx"),
    route("goods/label", "routes/goods/label.tsx"),
    route("goods/import", "routes/goods/import.tsx"),
    route("goods/recycle", "routes/goods/recycle.tsx"),
    // 订单
    route("order", "routes/order/list.tsx"),
    route("order/detail/:orderId", "routes/order/detail.tsx"),
    route("order/verify", "routes/order/verify.tsx"),
    // 售后
    route("aftersale/refund", "routes/aftersale/refund.tsx"),
    route("aftersale/refund/:orderGoodsId", "routes/aftersale/refund-detail.tsx"),
    route("aftersale/complain", "routes/aftersale/complain.tsx"),
    route("aftersale/evaluate", "routes/aftersale/evaluate.tsx"),
    route("aftersale/late-refund", "routes/aftersale/late-refund.tsx"),
    // 会员
    route("member", "routes/member/list.tsx"),
    route("member/detail/:memberId", "routes/member/detail.tsx"),
    route("member/label", "routes/member/label.tsx"),
    route("member/level", "routes/member/level.tsx"),
    route("member/withdraw", "routes/member/withdraw.tsx"),
    route("member/recharge", "routes/member/recharge.tsx"),
    route("member/signin", "routes/member/signin.tsx"),
    // 营销
    route("marketing/coupon", "routes/marketing/coupon.tsx"),
    route("marketing/coupon/edit/:couponTypeId?", "routes/marketing/coupon-edit.tsx"),
    route("marketing/seckill", "routes/marketing/seckill.tsx"),
    route("marketing/groupbuy", "routes/marketing/groupbuy.tsx"),
    route("marketing/bundling", "routes/marketing/bundling.tsx"),
    // 店铺装修
    route("content/home", "routes/content/home.tsx"),
    route("content/adv", "routes/content/adv.tsx"),
    route("content/nav", "routes/content/nav.tsx"),
    route("content/article", "routes/content/article.tsx"),
    route("content/article/edit/:articleId?", "routes/content/article-edit.tsx"),
    route("content/notice", "routes/content/notice.tsx"),
    route("content/notice/edit/:noticeId?", "routes/content/notice-edit.tsx"),
    route("content/help", "routes/content/help.tsx"),
    route("content/help/edit/:helpId?", "routes/content/help-edit.tsx"),
    // 设置
    route("settings/site", "routes/settings/site.tsx"),
    route("settings/register", "routes/settings/register.tsx"),
    route("settings/order", "routes/settings/order.tsx"),
    route("settings/points", "routes/settings/points.tsx"),
    route("settings/pay", "routes/settings/pay.tsx"),
    route("settings/sms", "routes/settings/sms.tsx"),
    route("settings/store", "routes/settings/store.tsx"),
    route("settings/express", "routes/settings/express.tsx"),
    route("settings/notify", "routes/settings/notify.tsx"),
    // 员工
    route("staff/user", "routes/staff/users.tsx"),
    route("staff/role", "routes/staff/roles.tsx"),
    route("staff/log", "routes/staff/log.tsx"),
    route("staff/password", "routes/staff/password.tsx"),
    // 客服
    route("chat", "routes/chat.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
