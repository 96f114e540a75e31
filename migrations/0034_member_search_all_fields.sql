-- Issue 46, point 8: the directory finds what its cards show. The index of 0018 held name, title,
-- company and city; a card also shows the country (by its name), the industry and the interests, and
-- "Hong Kong" or "meditation" found nobody. FTS5 tables cannot gain columns, so the index, its view
-- and its triggers are made again with the six fields, each in a members' column and an admins'
-- twin as before (ADR 0021: a member's search names the members' columns only). Written by
-- scripts/make-member-search-migration.ts (drizzle-kit generate --custom).
DROP TRIGGER IF EXISTS member_search_user_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_search_user_name;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_search_user_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_search_profile_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_search_profile_update;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_search_profile_delete;
--> statement-breakpoint
DROP VIEW IF EXISTS member_search_source;
--> statement-breakpoint
DROP TABLE IF EXISTS member_search;
--> statement-breakpoint
CREATE VIRTUAL TABLE member_search USING fts5(
	name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
-- c.names: each country's searchable names by its code (the club's English name, the short forms,
-- its names in the club's five languages), so a card's country is found by what it shows. A literal
-- rather than a table: a backup holds rows, and these are code, not data.
CREATE VIEW member_search_source AS
WITH c(names) AS (SELECT '{"AF":"Afghanistan Afganistán アフガニスタン أفغانستان","AL":"Albania Albanie アルバニア ألبانيا","DZ":"Algeria Algérie Argelia アルジェリア الجزائر","AD":"Andorra Andorre アンドラ أندورا","AO":"Angola アンゴラ أنغولا","AG":"Antigua and Barbuda Antigua & Barbuda Antigua-et-Barbuda Antigua y Barbuda アンティグア・バーブーダ أنتيغوا وبربودا","AR":"Argentina Argentine アルゼンチン الأرجنتين","AM":"Armenia Arménie アルメニア أرمينيا","AU":"Australia Australie オーストラリア أستراليا","AT":"Austria Autriche オーストリア النمسا","AZ":"Azerbaijan Azerbaïdjan Azerbaiyán アゼルバイジャン أذربيجان","BS":"Bahamas バハマ جزر البهاما","BH":"Bahrain Bahreïn Baréin バーレーン البحرين","BD":"Bangladesh Bangladés バングラデシュ بنغلاديش","BB":"Barbados Barbade バルバドス بربادوس","BY":"Belarus Biélorussie Bielorrusia ベラルーシ بيلاروس","BE":"Belgium Belgique Bélgica ベルギー بلجيكا","BZ":"Belize Belice ベリーズ بليز","BJ":"Benin Bénin Benín ベナン بنين","BT":"Bhutan Bhoutan Bután ブータン بوتان","BO":"Bolivia Bolivie ボリビア بوليفيا","BA":"Bosnia and Herzegovina Bosnia & Herzegovina Bosnia Bosnie-Herzégovine Bosnia y Herzegovina ボスニア・ヘルツェゴビナ البوسنة والهرسك","BW":"Botswana Botsuana ボツワナ بوتسوانا","BR":"Brazil Brésil Brasil ブラジル البرازيل","BN":"Brunei Brunéi ブルネイ بروناي","BG":"Bulgaria Bulgarie ブルガリア بلغاريا","BF":"Burkina Faso ブルキナファソ بوركينا فاسو","BI":"Burundi ブルンジ بوروندي","CV":"Cabo Verde Cape Verde Cap-Vert カーボベルデ الرأس الأخضر","KH":"Cambodia Cambodge Camboya カンボジア كمبوديا","CM":"Cameroon Cameroun Camerún カメルーン الكاميرون","CA":"Canada Canadá カナダ كندا","CF":"Central African Republic République centrafricaine República Centroafricana 中央アフリカ共和国 جمهورية أفريقيا الوسطى","TD":"Chad Tchad チャド تشاد","CL":"Chile Chili チリ تشيلي","CN":"China Chine 中国 الصين","CO":"Colombia Colombie コロンビア كولومبيا","KM":"Comoros Comores Comoras コモロ جزر القمر","CG":"Congo Congo - Brazzaville Congo-Brazzaville コンゴ共和国(ブラザビル) الكونغو - برازافيل","CR":"Costa Rica コスタリカ كوستاريكا","CI":"Côte d''Ivoire Côte d’Ivoire コートジボワール ساحل العاج","HR":"Croatia Croatie Croacia クロアチア كرواتيا","CU":"Cuba キューバ كوبا","CY":"Cyprus Chypre Chipre キプロス قبرص","CZ":"Czechia Tchéquie Chequia チェコ التشيك","CD":"Democratic Republic of the Congo Congo - Kinshasa Congo-Kinshasa República Democrática del Congo コンゴ民主共和国(キンシャサ) الكونغو - كينشاسا","DK":"Denmark Danemark Dinamarca デンマーク الدانمرك","DJ":"Djibouti Yibuti ジブチ جيبوتي","DM":"Dominica Dominique ドミニカ国 دومينيكا","DO":"Dominican Republic République dominicaine República Dominicana ドミニカ共和国 جمهورية الدومينيكان","EC":"Ecuador Équateur エクアドル الإكوادور","EG":"Egypt Égypte Egipto エジプト مصر","SV":"El Salvador Salvador エルサルバドル السلفادور","GQ":"Equatorial Guinea Guinée équatoriale Guinea Ecuatorial 赤道ギニア غينيا الاستوائية","ER":"Eritrea Érythrée エリトリア إريتريا","EE":"Estonia Estonie エストニア إستونيا","SZ":"Eswatini Esuatini エスワティニ إسواتيني","ET":"Ethiopia Éthiopie Etiopía エチオピア إثيوبيا","FJ":"Fiji Fidji Fiyi フィジー فيجي","FI":"Finland Finlande Finlandia フィンランド فنلندا","FR":"France Francia フランス فرنسا","GA":"Gabon Gabón ガボン الغابون","GM":"Gambia Gambie ガンビア غامبيا","GE":"Georgia Géorgie ジョージア جورجيا","DE":"Germany Allemagne Alemania ドイツ ألمانيا","GH":"Ghana ガーナ غانا","GR":"Greece Grèce Grecia ギリシャ اليونان","GD":"Grenada Grenade Granada グレナダ غرينادا","GT":"Guatemala グアテマラ غواتيمالا","GN":"Guinea Guinée ギニア غينيا","GW":"Guinea-Bissau Guinée-Bissau Guinea-Bisáu ギニアビサウ غينيا بيساو","GY":"Guyana ガイアナ غيانا","HT":"Haiti Haïti Haití ハイチ هايتي","VA":"Holy See Vatican City État de la Cité du Vatican Ciudad del Vaticano バチカン市国 الفاتيكان","HN":"Honduras ホンジュラス هندوراس","HK":"Hong Kong Hong Kong SAR China R.A.S. chinoise de Hong Kong RAE de Hong Kong (China) 中華人民共和国香港特別行政区 香港 هونغ كونغ الصينية (منطقة إدارية خاصة) هونغ كونغ","HU":"Hungary Hongrie Hungría ハンガリー هنغاريا","IS":"Iceland Islande Islandia アイスランド آيسلندا","IN":"India Inde インド الهند","ID":"Indonesia Indonésie インドネシア إندونيسيا","IR":"Iran Irán イラン إيران","IQ":"Iraq Irak イラク العراق","IE":"Ireland Irlande Irlanda アイルランド أيرلندا","IL":"Israel Israël イスラエル إسرائيل","IT":"Italy Italie Italia イタリア إيطاليا","JM":"Jamaica Jamaïque ジャマイカ جامايكا","JP":"Japan Japon Japón 日本 اليابان","JO":"Jordan Jordanie Jordania ヨルダン الأردن","KZ":"Kazakhstan Kazajistán カザフスタン كازاخستان","KE":"Kenya Kenia ケニア كينيا","KI":"Kiribati キリバス كيريباتي","KW":"Kuwait Koweït クウェート الكويت","KG":"Kyrgyzstan Kirghizstan Kirguistán キルギス قيرغيزستان","LA":"Laos ラオス لاوس","LV":"Latvia Lettonie Letonia ラトビア لاتفيا","LB":"Lebanon Liban Líbano レバノン لبنان","LS":"Lesotho Lesoto レソト ليسوتو","LR":"Liberia リベリア ليبيريا","LY":"Libya Libye Libia リビア ليبيا","LI":"Liechtenstein リヒテンシュタイン ليختنشتاين","LT":"Lithuania Lituanie Lituania リトアニア ليتوانيا","LU":"Luxembourg Luxemburgo ルクセンブルク لوكسمبورغ","MG":"Madagascar マダガスカル مدغشقر","MW":"Malawi Malaui マラウイ ملاوي","MY":"Malaysia Malaisie Malasia マレーシア ماليزيا","MV":"Maldives Maldivas モルディブ جزر المالديف","ML":"Mali マリ مالي","MT":"Malta Malte マルタ مالطا","MH":"Marshall Islands Îles Marshall Islas Marshall マーシャル諸島 جزر مارشال","MR":"Mauritania Mauritanie モーリタニア موريتانيا","MU":"Mauritius Maurice Mauricio モーリシャス موريشيوس","MX":"Mexico Mexique México メキシコ المكسيك","FM":"Micronesia Micronésie ミクロネシア連邦 ميكرونيزيا","MD":"Moldova Moldavie Moldavia モルドバ مولدوفا","MC":"Monaco Mónaco モナコ موناكو","MN":"Mongolia Mongolie モンゴル منغوليا","ME":"Montenegro Monténégro モンテネグロ الجبل الأسود","MA":"Morocco Maroc Marruecos モロッコ المغرب","MZ":"Mozambique モザンビーク موزمبيق","MM":"Myanmar Myanmar (Burma) Myanmar (Birmanie) Myanmar (Birmania) ミャンマー (ビルマ) ميانمار (بورما)","NA":"Namibia Namibie ナミビア ناميبيا","NR":"Nauru ナウル ناورو","NP":"Nepal Népal ネパール نيبال","NL":"Netherlands Pays-Bas Países Bajos オランダ هولندا","NZ":"New Zealand Nouvelle-Zélande Nueva Zelanda ニュージーランド نيوزيلندا","NI":"Nicaragua ニカラグア نيكاراغوا","NE":"Niger Níger ニジェール النيجر","NG":"Nigeria ナイジェリア نيجيريا","KP":"North Korea Corée du Nord Corea del Norte 北朝鮮 كوريا الشمالية","MK":"North Macedonia Macédoine du Nord Macedonia del Norte 北マケドニア مقدونيا الشمالية","NO":"Norway Norvège Noruega ノルウェー النرويج","OM":"Oman Omán オマーン عُمان","PK":"Pakistan Pakistán パキスタン باكستان","PW":"Palau Palaos パラオ بالاو","PS":"Palestine Palestinian Territories Territoires palestiniens Territorios Palestinos Palestina パレスチナ自治区 パレスチナ الأراضي الفلسطينية فلسطين","PA":"Panama Panamá パナマ بنما","PG":"Papua New Guinea Papouasie-Nouvelle-Guinée Papúa Nueva Guinea パプアニューギニア بابوا غينيا الجديدة","PY":"Paraguay パラグアイ باراغواي","PE":"Peru Pérou Perú ペルー بيرو","PH":"Philippines Filipinas フィリピン الفلبين","PL":"Poland Pologne Polonia ポーランド بولندا","PT":"Portugal ポルトガル البرتغال","QA":"Qatar Catar カタール قطر","RO":"Romania Roumanie Rumanía ルーマニア رومانيا","RU":"Russia Russie Rusia ロシア روسيا","RW":"Rwanda Ruanda ルワンダ رواندا","KN":"Saint Kitts and Nevis St. Kitts & Nevis Saint-Christophe-et-Niévès San Cristóbal y Nieves セントクリストファー・ネーヴィス سانت كيتس ونيفيس","LC":"Saint Lucia St. Lucia Sainte-Lucie Santa Lucía セントルシア سانت لوسيا","VC":"Saint Vincent and the Grenadines St. Vincent & Grenadines Saint-Vincent-et-les Grenadines San Vicente y las Granadinas セントビンセント及びグレナディーン諸島 سانت فنسنت وجزر غرينادين","WS":"Samoa サモア ساموا","SM":"San Marino Saint-Marin サンマリノ سان مارينو","ST":"Sao Tome and Principe São Tomé & Príncipe Sao Tomé-et-Principe Santo Tomé y Príncipe サントメ・プリンシペ ساو تومي وبرينسيبي","SA":"Saudi Arabia Arabie saoudite Arabia Saudí サウジアラビア المملكة العربية السعودية","SN":"Senegal Sénégal セネガル السنغال","RS":"Serbia Serbie セルビア صربيا","SC":"Seychelles セーシェル سيشل","SL":"Sierra Leone Sierra Leona シエラレオネ سيراليون","SG":"Singapore Singapour Singapur シンガポール سنغافورة","SK":"Slovakia Slovaquie Eslovaquia スロバキア سلوفاكيا","SI":"Slovenia Slovénie Eslovenia スロベニア سلوفينيا","SB":"Solomon Islands Îles Salomon Islas Salomón ソロモン諸島 جزر سليمان","SO":"Somalia Somalie ソマリア الصومال","ZA":"South Africa Afrique du Sud Sudáfrica 南アフリカ جنوب أفريقيا","KR":"South Korea Corée du Sud Corea del Sur 韓国 كوريا الجنوبية","SS":"South Sudan Soudan du Sud Sudán del Sur 南スーダン جنوب السودان","ES":"Spain Espagne España スペイン إسبانيا","LK":"Sri Lanka スリランカ سريلانكا","SD":"Sudan Soudan Sudán スーダン السودان","SR":"Suriname Surinam スリナム سورينام","SE":"Sweden Suède Suecia スウェーデン السويد","CH":"Switzerland Suisse Suiza スイス سويسرا","SY":"Syria Syrie Siria シリア سوريا","TW":"Taiwan Taïwan Taiwán 台湾 تايوان","TJ":"Tajikistan Tadjikistan Tayikistán タジキスタン طاجيكستان","TZ":"Tanzania Tanzanie タンザニア تنزانيا","TH":"Thailand Thaïlande Tailandia タイ تايلاند","TL":"Timor-Leste Timor oriental 東ティモール تيمور - ليشتي","TG":"Togo トーゴ توغو","TO":"Tonga トンガ تونغا","TT":"Trinidad and Tobago Trinidad & Tobago Trinité-et-Tobago Trinidad y Tobago トリニダード・トバゴ ترينيداد وتوباغو","TN":"Tunisia Tunisie Túnez チュニジア تونس","TR":"Turkey Türkiye Turquie Turquía トルコ تركيا","TV":"Tuvalu ツバル توفالو","UG":"Uganda Ouganda ウガンダ أوغندا","UA":"Ukraine Ucrania ウクライナ أوكرانيا","AE":"United Arab Emirates UAE Émirats arabes unis Emiratos Árabes Unidos アラブ首長国連邦 الإمارات العربية المتحدة","GB":"United Kingdom UK Royaume-Uni R.-U. Reino Unido RU イギリス 英国 المملكة المتحدة","US":"United States USA US États-Unis É.-U. Estados Unidos EE. UU. アメリカ合衆国 アメリカ الولايات المتحدة","UY":"Uruguay ウルグアイ أورغواي","UZ":"Uzbekistan Ouzbékistan Uzbekistán ウズベキスタン أوزبكستان","VU":"Vanuatu バヌアツ فانواتو","VE":"Venezuela ベネズエラ فنزويلا","VN":"Vietnam Viêt Nam ベトナム فيتنام","YE":"Yemen Yémen イエメン اليمن","ZM":"Zambia Zambie ザンビア زامبيا","ZW":"Zimbabwe Zimbabue ジンバブエ زيمبابوي"}')
SELECT
	u.id AS user_id,
	u.name AS name,
	CASE WHEN json_extract(p.visibility, '$.title') = 'admins' THEN '' ELSE coalesce(p.title, '') END AS title,
	CASE WHEN json_extract(p.visibility, '$.company') = 'admins' THEN '' ELSE coalesce(p.company, '') END AS company,
	CASE WHEN json_extract(p.visibility, '$.city') = 'admins' THEN '' ELSE coalesce(p.city, '') END AS city,
	CASE WHEN json_extract(p.visibility, '$.country') = 'admins' THEN '' ELSE coalesce(CASE WHEN p.country GLOB '[A-Z][A-Z]' THEN json_extract(c.names, '$.' || p.country) END, '') END AS country,
	CASE WHEN json_extract(p.visibility, '$.industry') = 'admins' THEN '' ELSE coalesce(p.industry, '') END AS industry,
	CASE WHEN json_extract(p.visibility, '$.interests') = 'admins' THEN '' ELSE coalesce((SELECT group_concat(j.value, ' ') FROM json_each(p.interests) j), '') END AS interests,
	CASE WHEN json_extract(p.visibility, '$.title') = 'admins' THEN coalesce(p.title, '') ELSE '' END AS admin_title,
	CASE WHEN json_extract(p.visibility, '$.company') = 'admins' THEN coalesce(p.company, '') ELSE '' END AS admin_company,
	CASE WHEN json_extract(p.visibility, '$.city') = 'admins' THEN coalesce(p.city, '') ELSE '' END AS admin_city,
	CASE WHEN json_extract(p.visibility, '$.country') = 'admins' THEN coalesce(CASE WHEN p.country GLOB '[A-Z][A-Z]' THEN json_extract(c.names, '$.' || p.country) END, '') ELSE '' END AS admin_country,
	CASE WHEN json_extract(p.visibility, '$.industry') = 'admins' THEN coalesce(p.industry, '') ELSE '' END AS admin_industry,
	CASE WHEN json_extract(p.visibility, '$.interests') = 'admins' THEN coalesce((SELECT group_concat(j.value, ' ') FROM json_each(p.interests) j), '') ELSE '' END AS admin_interests
FROM users u
CROSS JOIN c
LEFT JOIN member_profiles p ON p.user_id = u.id;
--> statement-breakpoint
INSERT INTO member_search (rowid, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests)
SELECT user_id, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests FROM member_search_source;
--> statement-breakpoint
CREATE TRIGGER member_search_user_insert AFTER INSERT ON users BEGIN
	DELETE FROM member_search WHERE rowid = NEW.id;
	INSERT INTO member_search (rowid, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests)
	SELECT user_id, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests FROM member_search_source WHERE user_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER member_search_user_name AFTER UPDATE OF name ON users BEGIN
	DELETE FROM member_search WHERE rowid = NEW.id;
	INSERT INTO member_search (rowid, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests)
	SELECT user_id, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests FROM member_search_source WHERE user_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER member_search_user_delete AFTER DELETE ON users BEGIN
	DELETE FROM member_search WHERE rowid = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER member_search_profile_insert AFTER INSERT ON member_profiles BEGIN
	DELETE FROM member_search WHERE rowid = NEW.user_id;
	INSERT INTO member_search (rowid, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests)
	SELECT user_id, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests FROM member_search_source WHERE user_id = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER member_search_profile_update AFTER UPDATE OF title, company, city, country, industry, interests, visibility ON member_profiles BEGIN
	DELETE FROM member_search WHERE rowid = NEW.user_id;
	INSERT INTO member_search (rowid, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests)
	SELECT user_id, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests FROM member_search_source WHERE user_id = NEW.user_id;
END;
--> statement-breakpoint
-- A profile removed while she stays (or with her account: then the source has no row for her).
CREATE TRIGGER member_search_profile_delete AFTER DELETE ON member_profiles BEGIN
	DELETE FROM member_search WHERE rowid = OLD.user_id;
	INSERT INTO member_search (rowid, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests)
	SELECT user_id, name, title, company, city, country, industry, interests, admin_title, admin_company, admin_city, admin_country, admin_industry, admin_interests FROM member_search_source WHERE user_id = OLD.user_id;
END;
