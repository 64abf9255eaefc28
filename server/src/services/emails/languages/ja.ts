import type { MailStrings } from "./mail-strings";

/** Japanese, in the polite form (です・ます). */
export const ja: MailStrings = {
  greeting: "こんにちは。",
  greetingWithName: "{user.displayName} 様",
  colon: "：",
  unsubscribe: "このようなメールが不要な場合は、<link>配信を停止</link>できます。",
  emailVerification: {
    subject: "{project.displayName} のメールアドレスを確認してください",
    heading: "{project.displayName} のメールアドレスの確認",
    message: "下のリンクを開いて、このメールアドレスがご本人のものであることを確認してください。",
    ignoreNote: "お心当たりがない場合は、このメールを無視してください。",
    action: "メールアドレスを確認",
  },
  passwordReset: {
    subject: "{project.displayName} のパスワードの再設定",
    heading: "{project.displayName} のパスワードの再設定",
    message: "お使いのアカウントのパスワードの再設定がリクエストされました。下のリンクを開いて、新しいパスワードを設定してください。",
    ignoreNote: "お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。",
    action: "パスワードを再設定",
  },
  magicLink: {
    subject: "{project.displayName} のサインインコード：{variables.otp}",
    heading: "{project.displayName} にサインイン",
    message: "サインインコードは {variables.otp} です。リクエストした画面で入力するか、下のリンクを開いてください。",
    ignoreNote: "サインインを試みていない場合は、このメールを無視してください。",
    action: "サインイン",
  },
  teamInvitation: {
    subject: "{project.displayName} のチーム「{variables.teamDisplayName}」への招待",
    heading: "{variables.teamDisplayName} に参加",
    message: "チーム「{variables.teamDisplayName}」に招待されました。下のリンクを開いて、招待を承認してください。",
    action: "招待を承認",
  },
  signInInvitation: {
    subject: "{project.displayName} への招待",
    heading: "{project.displayName} に招待されました",
    message: "{project.displayName} へのサインインに招待されました。下のリンクを開いて、さっそく始めましょう。",
    action: "サインイン",
  },
  paymentReceipt: {
    subject: "{project.displayName} へのお支払いの領収書",
    heading: "お支払いを受け付けました",
    message: "{variables.productName} のお支払いを受け付けました。ありがとうございます。",
    amount: "金額：{variables.amount}",
    quantity: "数量：{variables.quantity}",
    action: "領収書を見る",
  },
  paymentFailed: {
    subject: "{project.displayName} へのお支払いが完了しませんでした",
    heading: "お支払いが完了しませんでした",
    message: "{variables.productName} の代金 {variables.amount} を請求できませんでした。",
    providerSaid: "決済事業者からのメッセージ：{variables.failureReason}",
    checkDetails: "プランを引き続きご利用いただくため、お支払い情報をご確認ください。",
    action: "請求書を開く",
  },
};
